// STAND-IN (replaced at merge by the leave helper's component of the same name and props).
import { useId, type ReactNode } from 'react'
import { acceptAttribute } from '@/lib/file-extensions'

export interface FileDropZoneProps {
  label: string
  multiple?: boolean
  disabled?: boolean
  accept: readonly string[]
  onFiles: (files: File[]) => void
  hint?: ReactNode
}

export function FileDropZone({ label, multiple = false, disabled = false, accept, onFiles, hint }: FileDropZoneProps) {
  const id = useId()
  return (
    <div
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault()
        if (!disabled) onFiles([...event.dataTransfer.files])
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        multiple={multiple}
        disabled={disabled}
        accept={acceptAttribute(accept)}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          event.target.value = ''
        }}
      />
      {hint && <div>{hint}</div>}
    </div>
  )
}
