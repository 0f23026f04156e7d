import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it, vi } from 'vitest'
import { FileDropZone, type FileDropZoneProps } from './file-drop-zone'

const LABEL = 'Choose audio files'
const audio = (name: string) => new File(['RIFF'], name, { type: 'audio/wav' })

function renderZone(props: Partial<FileDropZoneProps> = {}) {
  const onFiles = vi.fn<(files: File[]) => void>()
  render(
    <FluentProvider theme={webLightTheme}>
      <FileDropZone label={LABEL} accept={['mp3', 'wav']} multiple onFiles={onFiles} {...props} />
    </FluentProvider>,
  )
  return onFiles
}

/** What a browser's DataTransfer holds when files are dragged from the desktop. */
const dragged = (files: File[], types = ['Files']) => ({ dataTransfer: { types, files, dropEffect: 'none' } })
const names = (files: File[] | undefined) => files?.map((file) => file.name)

describe('FileDropZone', () => {
  it('is a real file input named by its label, reached with Tab, filtered by the allowed types', async () => {
    renderZone({ hint: 'MP3 or WAV, up to 2 GB each.' })
    const input = screen.getByLabelText(LABEL)
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', '.mp3,.wav')
    expect(input).toHaveAttribute('multiple')
    expect(input).toHaveAccessibleDescription('MP3 or WAV, up to 2 GB each.')
    await userEvent.tab()
    expect(input).toHaveFocus()
  })

  it('hands every picked file over, and the same file can be picked again after it was removed', async () => {
    const onFiles = renderZone()
    const input = screen.getByLabelText<HTMLInputElement>(LABEL)
    const kitchen = audio('kitchen.wav')
    await userEvent.upload(input, [kitchen, audio('bedroom.mp3')])
    expect(names(onFiles.mock.calls[0]?.[0])).toEqual(['kitchen.wav', 'bedroom.mp3'])
    expect(input.value).toBe('')

    await userEvent.upload(input, kitchen)
    expect(onFiles).toHaveBeenCalledTimes(2)
    expect(names(onFiles.mock.calls[1]?.[0])).toEqual(['kitchen.wav'])
  })

  it('lights up while files are dragged over it and hands every dropped file over, refused types included', () => {
    const onFiles = renderZone()
    const files = [audio('hall.wav'), new File(['%PDF'], 'notes.pdf')]
    const zoneText = screen.getByText('Drag and drop files here, or')

    fireEvent.dragEnter(zoneText, dragged(files))
    expect(screen.getByText('Drop the files to add them')).toBeInTheDocument()
    // Moving over a child and back out of it is not leaving the zone.
    fireEvent.dragEnter(screen.getByText(LABEL), dragged(files))
    fireEvent.dragLeave(screen.getByText(LABEL), dragged(files))
    expect(screen.getByText('Drop the files to add them')).toBeInTheDocument()
    const over = dragged(files)
    fireEvent.dragOver(zoneText, over)
    expect(over.dataTransfer.dropEffect).toBe('copy')

    fireEvent.drop(zoneText, dragged(files))
    expect(names(onFiles.mock.calls[0]?.[0])).toEqual(['hall.wav', 'notes.pdf'])
    expect(screen.getByText('Drag and drop files here, or')).toBeInTheDocument()
  })

  it('goes back to rest when the drag leaves without a drop', () => {
    const onFiles = renderZone()
    const zoneText = screen.getByText('Drag and drop files here, or')
    fireEvent.dragEnter(zoneText, dragged([audio('hall.wav')]))
    fireEvent.dragLeave(screen.getByText('Drop the files to add them'), dragged([audio('hall.wav')]))
    expect(screen.getByText('Drag and drop files here, or')).toBeInTheDocument()
    expect(onFiles).not.toHaveBeenCalled()
  })

  it('takes one file when multiple is off', () => {
    const onFiles = renderZone({ multiple: false, label: 'Choose a template' })
    expect(screen.getByLabelText('Choose a template')).not.toHaveAttribute('multiple')
    const zoneText = screen.getByText('Drag and drop a file here, or')
    fireEvent.dragEnter(zoneText, dragged([audio('a.wav'), audio('b.wav')]))
    expect(screen.getByText('Drop the file to add it')).toBeInTheDocument()
    fireEvent.drop(zoneText, dragged([audio('a.wav'), audio('b.wav')]))
    expect(names(onFiles.mock.calls[0]?.[0])).toEqual(['a.wav'])
  })

  it('takes nothing while disabled, and still keeps the browser from opening a dropped file', () => {
    const onFiles = renderZone({ disabled: true })
    expect(screen.getByLabelText(LABEL)).toBeDisabled()
    // Nothing can be dropped, so the zone does not say it can.
    expect(screen.queryByText('Drag and drop files here, or')).not.toBeInTheDocument()
    const zoneText = screen.getByText(LABEL).parentElement!
    fireEvent.dragEnter(zoneText, dragged([audio('hall.wav')]))
    expect(screen.queryByText('Drop the files to add them')).not.toBeInTheDocument()
    const dropped = fireEvent.drop(zoneText, dragged([audio('hall.wav')]))
    expect(dropped).toBe(false)
    expect(onFiles).not.toHaveBeenCalled()
  })

  it('ignores a drag that carries no files (a text selection)', () => {
    const onFiles = renderZone()
    const zoneText = screen.getByText('Drag and drop files here, or')
    fireEvent.dragEnter(zoneText, dragged([], ['text/plain']))
    expect(screen.queryByText('Drop the files to add them')).not.toBeInTheDocument()
    fireEvent.drop(zoneText, dragged([], ['text/plain']))
    expect(onFiles).not.toHaveBeenCalled()
  })
})
