// The one visually-hidden style: text off screen that screen readers still read (a cut address in
// full, "Unread:" before a notification, a navigation label while the sidebar is a rail).
import { render, screen } from '@testing-library/react'
import { FluentProvider, makeStyles, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it } from 'vitest'
import { visuallyHidden } from './visually-hidden'

const useStyles = makeStyles({ hidden: visuallyHidden })

function Hidden() {
  return (
    <button type="button">
      <span className={useStyles().hidden}>Unread: </span>Job #12 is now Scheduled.
    </button>
  )
}

describe('visuallyHidden', () => {
  it('takes text out of sight (a 1 px box out of the flow, its overflow hidden) but not out of the accessible name', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Hidden />
      </FluentProvider>,
    )
    expect(screen.getByRole('button', { name: /^Unread:\s*Job #12 is now Scheduled\.$/ })).toBeInTheDocument()
    const style = getComputedStyle(screen.getByText('Unread:'))
    expect(style.position).toBe('absolute')
    expect(style.width).toBe('1px')
    expect(style.height).toBe('1px')
    expect(style.overflow).toBe('hidden')
    expect(style.whiteSpace).toBe('nowrap')
    expect(style.display).not.toBe('none')
  })
})
