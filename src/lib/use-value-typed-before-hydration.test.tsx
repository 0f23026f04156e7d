// Issue 24 item 15: a prerendered field keeps what was typed into it before React took it over, also
// once the field renders again (Fluent's Input writes its state to the element on every render).
import { useRef, useState } from 'react'
import { renderToString } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, FluentProvider, Input, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it } from 'vitest'
import { useValueTypedBeforeHydration } from './use-value-typed-before-hydration'

function Search() {
  const [search, setSearch] = useState('')
  const [renders, setRenders] = useState(0)
  const field = useRef<HTMLInputElement>(null)
  useValueTypedBeforeHydration(field, setSearch)
  return (
    <FluentProvider theme={webLightTheme}>
      <Input ref={field} aria-label="Search jobs" value={search} onChange={(_, data) => setSearch(data.value)} />
      <Button onClick={() => setRenders((count) => count + 1)}>Render again ({renders})</Button>
      <output>Searching for: {search}</output>
    </FluentProvider>
  )
}

describe('useValueTypedBeforeHydration', () => {
  it('makes what was typed into the prerendered field the state, so a later render keeps it', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Search />)
    document.body.append(container)
    // Typed before the scripts ran: only the element knows it.
    const prerenderedField = container.querySelector('input') as HTMLInputElement
    prerenderedField.value = 'Willow'

    render(<Search />, { container, hydrate: true })
    expect(await screen.findByText('Searching for: Willow')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: /^Render again/ }))
    expect(screen.getByRole('textbox', { name: 'Search jobs' })).toHaveValue('Willow')
  })
})
