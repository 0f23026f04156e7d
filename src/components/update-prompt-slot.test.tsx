import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceWaitingUpdate, resetUpdateStateForTests } from '@/lib/sw-bridge'
import { UpdatePromptSlot } from './update-prompt-slot'

describe('the update prompt', () => {
  afterEach(resetUpdateStateForTests)

  it('stays hidden until a new version waits, then offers Reload', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <UpdatePromptSlot />
      </FluentProvider>,
    )
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument()

    const apply = vi.fn()
    act(() => announceWaitingUpdate(apply))
    expect(await screen.findByText('A new version is available')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(apply).toHaveBeenCalledOnce()
  })
})
