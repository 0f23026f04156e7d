// Each file's background upload: a progress bar named after the file, with bytes and percent, and a
// Cancel that names the file; what a waiting, cancelled or finished upload says.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it, vi } from 'vitest'
import { draftFile } from '../draft/wizard-draft'
import { FileUploads } from './file-uploads'
import type { FileUpload } from './pricing-parts'

const MB = 1024 * 1024
const kitchen = draftFile(new File(['a'], 'Kitchen.webm'), 'k')
const hall = draftFile(new File(['b'], 'hall.mp3'), 'h')
const loft = draftFile(new File(['c'], 'loft.wav'), 'l')
const bath = draftFile(new File(['d'], 'bath.m4a'), 'b')
const uploads = new Map<string, FileUpload>([
  ['k', { status: 'uploading', sent: 5 * MB, size: 20 * MB, url: '/api/uploads/1', name: 'Kitchen.webm' }],
  ['h', { status: 'waiting', sent: 2 * MB, size: 4 * MB, url: '/api/uploads/2', name: 'hall.mp3' }],
  ['l', { status: 'done', sent: 3 * MB, size: 3 * MB, url: '/api/uploads/3', name: 'loft.wav' }],
  ['b', { status: 'cancelled', sent: 1 * MB, size: 4 * MB, url: null, name: 'bath.m4a' }],
])

function renderUploads(onCancel = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <FileUploads files={[kitchen, hall, loft, bath]} uploads={uploads} onCancel={onCancel} />
    </FluentProvider>,
  )
  return onCancel
}

describe('FileUploads', () => {
  it('shows each file’s progress by its name, in bytes and percent', () => {
    renderUploads()
    const bar = screen.getByRole('progressbar', { name: 'Kitchen.webm' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(bar).toHaveAttribute('aria-valuetext', '5 MB of 20 MB (25%)')
    expect(screen.getByText('5 MB of 20 MB (25%)')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'hall.mp3' })).toHaveAttribute('aria-valuetext', '2 MB of 4 MB (50%). Waiting for a connection: the upload goes on by itself when it is back.')
    expect(screen.getByRole('progressbar', { name: 'loft.wav' })).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByText('3 MB of 3 MB (100%). Uploaded')).toBeInTheDocument()
  })

  it('empties a cancelled upload’s bar: nothing of it stays on the server, the file goes whole at Next', () => {
    renderUploads()
    const bar = screen.getByRole('progressbar', { name: 'bath.m4a' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    expect(bar).toHaveAttribute('aria-valuetext', 'Upload cancelled: the file will be sent when you press Next.')
  })

  it('cancels a running upload by the file’s own button; stopped ones have none', async () => {
    const onCancel = renderUploads()
    expect(screen.queryByRole('button', { name: 'Cancel upload of hall.mp3' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel upload of loft.wav' })).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel upload of Kitchen.webm' }))
    expect(onCancel).toHaveBeenCalledWith('k')
  })
})
