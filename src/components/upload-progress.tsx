// STAND-IN (replaced at merge by the leave helper's component of the same name and props).
export interface UploadProgressProps {
  label: string
  files: { name: string; size: number }[]
  loaded: number
  total: number
  onCancel?: () => void
}

export function UploadProgress({ label, files, loaded, total, onCancel }: UploadProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0
  return (
    <div role="group" aria-label={label}>
      <progress aria-label="Total" max={100} value={percent} />
      <span>{`${percent}%`}</span>
      <ul>
        {files.map((file) => (
          <li key={file.name}>{file.name}</li>
        ))}
      </ul>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel upload
        </button>
      )}
    </div>
  )
}
