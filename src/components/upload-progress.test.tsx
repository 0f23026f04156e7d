import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it, vi } from 'vitest'
import { percentOf, perFileProgress, UploadProgress, type UploadProgressProps } from './upload-progress'

const MB = 1024 * 1024

describe('perFileProgress', () => {
  it('fills the files one after the other, in the order they are sent', () => {
    expect(perFileProgress([10, 20, 30], 0)).toEqual([0, 0, 0])
    expect(perFileProgress([10, 20, 30], 5)).toEqual([5, 0, 0])
    expect(perFileProgress([10, 20, 30], 10)).toEqual([10, 0, 0])
    expect(perFileProgress([10, 20, 30], 25)).toEqual([10, 15, 0])
    expect(perFileProgress([10, 20, 30], 59)).toEqual([10, 20, 29])
  })

  it('holds each file at its size when the multipart overhead takes the bytes past their sum', () => {
    expect(perFileProgress([10, 20, 30], 75)).toEqual([10, 20, 30])
  })

  it('reads nonsense as nothing sent, and an empty file as done at once', () => {
    expect(perFileProgress([10, 20], -4)).toEqual([0, 0])
    expect(perFileProgress([10, 20], Number.NaN)).toEqual([0, 0])
    expect(perFileProgress([0, 10], 3)).toEqual([0, 3])
    expect(perFileProgress([], 100)).toEqual([])
  })
})

describe('percentOf', () => {
  it('rounds down, so 100% means done, and holds between 0 and 100', () => {
    expect(percentOf(12.5 * MB, 40 * MB)).toBe(31)
    expect(percentOf(40 * MB - 1, 40 * MB)).toBe(99)
    expect(percentOf(41 * MB, 40 * MB)).toBe(100)
    expect(percentOf(5, 0)).toBe(0)
    expect(percentOf(-1, 10)).toBe(0)
  })
})

function renderProgress(props: Partial<UploadProgressProps> = {}) {
  render(
    <FluentProvider theme={webLightTheme}>
      <UploadProgress
        label="Uploading audio files"
        files={[
          { name: 'kitchen-and-dining-room.wav', size: 10 * MB },
          { name: 'garden.mp3', size: 30 * MB },
        ]}
        loaded={22.5 * MB}
        total={40 * MB}
        {...props}
      />
    </FluentProvider>,
  )
}

describe('UploadProgress', () => {
  it('shows a bar per file and one in total, each with bytes and percent in words', () => {
    renderProgress()
    const group = screen.getByRole('group', { name: 'Uploading audio files' })

    const total = within(group).getByRole('progressbar', { name: 'Total' })
    expect(total).toHaveAttribute('aria-valuenow', '56')
    expect(total).toHaveAttribute('aria-valuetext', '22.5 MB of 40 MB (56%)')
    expect(total).toHaveAccessibleDescription('22.5 MB of 40 MB (56%)')

    const first = within(group).getByRole('progressbar', { name: 'kitchen-and-dining-room.wav' })
    expect(first).toHaveAttribute('aria-valuenow', '100')
    expect(within(group).getByText('10 MB of 10 MB (100%)')).toBeVisible()

    const second = within(group).getByRole('progressbar', { name: 'garden.mp3' })
    expect(second).toHaveAttribute('aria-valuenow', '41')
    expect(second).toHaveAttribute('aria-valuetext', '12.5 MB of 30 MB (41%)')
    expect(within(group).getByText('12.5 MB of 30 MB (41%)')).toBeVisible()
  })

  it('never shows more sent than the whole, even with the multipart overhead', () => {
    renderProgress({ loaded: 40 * MB + 200 * 1024, total: 40 * MB })
    expect(screen.getByRole('progressbar', { name: 'Total' })).toHaveAttribute('aria-valuetext', '40 MB of 40 MB (100%)')
    expect(screen.getByRole('progressbar', { name: 'garden.mp3' })).toHaveAttribute('aria-valuetext', '30 MB of 30 MB (100%)')
  })

  it('offers Cancel upload only when it can cancel', () => {
    renderProgress()
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument()
  })

  it('calls onCancel from its Cancel upload button', async () => {
    const onCancel = vi.fn()
    renderProgress({ onCancel })
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })
})
