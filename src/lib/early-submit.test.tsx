import { useRef, type FormEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { EARLY_SUBMIT_ATTRIBUTE, EARLY_SUBMIT_PENDING, earlySubmitHandled, keepsEarlySubmit, useEarlySubmit } from './early-submit'

/** A form using the module as the sign-in form does. */
function EarlyForm({ onSend }: { onSend: () => void }) {
  const form = useRef<HTMLFormElement>(null)
  useEarlySubmit(form)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    earlySubmitHandled(event.currentTarget)
    onSend()
  }
  return (
    <form ref={form} aria-label="Early" onSubmit={onSubmit} {...keepsEarlySubmit}>
      <button type="submit">Send</button>
    </form>
  )
}

/** One task later: the hook's own task (a zero-delay timer queued at mount) has run by then. */
const afterMountTask = () => new Promise((resolve) => setTimeout(resolve))

describe('useEarlySubmit', () => {
  it('submits a form marked as submitted before it was taken over, once, and clears the mark', async () => {
    const onSend = vi.fn()
    render(<EarlyForm onSend={onSend} />)
    screen.getByRole('form', { name: 'Early' }).setAttribute(EARLY_SUBMIT_ATTRIBUTE, EARLY_SUBMIT_PENDING)
    await afterMountTask()
    expect(onSend).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('form', { name: 'Early' })).toHaveAttribute(EARLY_SUBMIT_ATTRIBUTE, '')
    await afterMountTask()
    expect(onSend).toHaveBeenCalledTimes(1)
  })

  it('submits nothing when there was no early submission', async () => {
    const onSend = vi.fn()
    render(<EarlyForm onSend={onSend} />)
    await afterMountTask()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('does not send twice a submission the form’s own handler already took', async () => {
    const onSend = vi.fn()
    render(<EarlyForm onSend={onSend} />)
    const form = screen.getByRole('form', { name: 'Early' })
    // The loader's listener marks every submission of such a form, the app's own ones too.
    const mark = () => form.setAttribute(EARLY_SUBMIT_ATTRIBUTE, EARLY_SUBMIT_PENDING)
    document.addEventListener('submit', mark, true)
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Send' }))
      await afterMountTask()
    } finally {
      document.removeEventListener('submit', mark, true)
    }
    expect(onSend).toHaveBeenCalledTimes(1)
    expect(form).toHaveAttribute(EARLY_SUBMIT_ATTRIBUTE, '')
  })
})
