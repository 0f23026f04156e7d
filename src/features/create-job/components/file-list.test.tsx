// Renaming a file in place (a recording named after its room), by role and label.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it, vi } from 'vitest'
import { draftFile } from '../draft/wizard-draft'
import { FileList } from './file-list'

const files = [draftFile(new File(['a'], 'Recording 1.webm'), 'r1'), draftFile(new File(['b'], 'hall.mp3'), 'f2')]

function renderList(onRename = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <FileList label="Audio files" files={files} onRemove={() => undefined} onRename={onRename} />
    </FluentProvider>,
  )
  return onRename
}

describe('FileList rename', () => {
  it('edits the name without its extension; Enter keeps it', async () => {
    const user = userEvent.setup()
    const onRename = renderList()
    await user.click(screen.getByRole('button', { name: 'Rename Recording 1.webm' }))
    const field = screen.getByRole('textbox', { name: 'New name for Recording 1.webm' })
    expect(field).toHaveValue('Recording 1')
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.type(field, 'Kitchen{Enter}')
    expect(onRename).toHaveBeenCalledWith('r1', 'Kitchen')
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('gives up on Escape', async () => {
    const user = userEvent.setup()
    const onRename = renderList()
    await user.click(screen.getByRole('button', { name: 'Rename hall.mp3' }))
    await user.type(screen.getByRole('textbox', { name: 'New name for hall.mp3' }), ' and stairs{Escape}')
    expect(onRename).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Rename hall.mp3' })).toBeVisible()
  })
})
