import { useRef, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_PENDING, keepsEarlyTap, useEarlyTap, useEarlyTapApplied } from './early-tap'

/** A toggle using the module as the Filters and navigation toggles do. */
function EarlyToggle() {
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const onClick = useEarlyTap(button, () => setOpen((shown) => !shown))
  return (
    <button ref={button} {...keepsEarlyTap} aria-expanded={open} onClick={onClick}>
      Filters
    </button>
  )
}

/** One task later: the hook's own task (a zero-delay timer queued at mount) has run by then. */
const afterMountTask = () => new Promise((resolve) => setTimeout(resolve))

const toggle = () => screen.getByRole('button', { name: 'Filters' })

/**
 * Clicks `button` once the app has it, with the loader's listener marking the click (it marks every click
 * on such a button, the app's own ones too), then waits for the hook's own task.
 */
async function clickMarkedAsTheLoaderDoes(button: () => HTMLElement): Promise<void> {
  const mark = () => button().setAttribute(EARLY_TAP_ATTRIBUTE, EARLY_TAP_PENDING)
  document.addEventListener('click', mark, true)
  try {
    await userEvent.click(button())
    await afterMountTask()
  } finally {
    document.removeEventListener('click', mark, true)
  }
}

describe('useEarlyTap', () => {
  it('applies a tap made before the button was taken over, once, and clears the mark', async () => {
    render(<EarlyToggle />)
    toggle().setAttribute(EARLY_TAP_ATTRIBUTE, EARLY_TAP_PENDING)
    // The tap is applied in the hook's own task; React draws its state change after it.
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'true'))
    expect(toggle()).toHaveAttribute(EARLY_TAP_ATTRIBUTE, '')
    await afterMountTask()
    expect(toggle()).toHaveAttribute('aria-expanded', 'true')
  })

  it('applies nothing when there was no early tap', async () => {
    render(<EarlyToggle />)
    await afterMountTask()
    expect(toggle()).toHaveAttribute('aria-expanded', 'false')
  })

  it('does not apply twice a tap the button’s own handler already took', async () => {
    render(<EarlyToggle />)
    await clickMarkedAsTheLoaderDoes(toggle)
    expect(toggle()).toHaveAttribute('aria-expanded', 'true')
    expect(toggle()).toHaveAttribute(EARLY_TAP_ATTRIBUTE, '')
  })
})

/** A button whose clicks something else answers (as the bell's Popover trigger does): here a counter. */
function AnsweredElsewhere() {
  const button = useRef<HTMLButtonElement>(null)
  const [opened, setOpened] = useState(0)
  const [clicks, setClicks] = useState(0)
  const markSeen = useEarlyTapApplied(button, () => setOpened((count) => count + 1))
  return (
    <button
      ref={button}
      {...keepsEarlyTap}
      data-opened={opened}
      onClick={(event) => {
        markSeen(event)
        setClicks((count) => count + 1)
      }}
    >
      Bell {clicks}
    </button>
  )
}

describe('useEarlyTapApplied', () => {
  const bell = () => screen.getByRole('button', { name: /^Bell/ })

  it('applies a tap made before the button was taken over, once', async () => {
    render(<AnsweredElsewhere />)
    bell().setAttribute(EARLY_TAP_ATTRIBUTE, EARLY_TAP_PENDING)
    await waitFor(() => expect(bell()).toHaveAttribute('data-opened', '1'))
    expect(bell()).toHaveAttribute(EARLY_TAP_ATTRIBUTE, '')
  })

  it('leaves a later click to the button’s own handler, and only marks it seen', async () => {
    render(<AnsweredElsewhere />)
    await clickMarkedAsTheLoaderDoes(bell)
    expect(bell()).toHaveAccessibleName('Bell 1')
    expect(bell()).toHaveAttribute('data-opened', '0')
    expect(bell()).toHaveAttribute(EARLY_TAP_ATTRIBUTE, '')
  })
})
