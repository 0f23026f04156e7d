// A list of chosen files (portal-spec.md §2 step 1 and step 3): each name cut to 15 characters keeping
// its extension (the whole name in its tooltip and in its remove button's name), a remove button, and
// the count. Removing a file moves the focus to the next file's remove button (or the previous one),
// so a keyboard or screen-reader user is not dropped at the top of the page. Where the list allows it
// (step 1's audio: a recording named after its room), a file is renamed in place: its name without
// the extension in a field, Enter or leaving the field keeps it, Escape gives up.
import { useEffect, useRef, useState } from 'react'
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components'
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import { extensionOf, shortFileName } from '@/lib/file-extensions'
import type { DraftFile } from '../draft/wizard-draft'
import { WIZARD_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    minWidth: 0,
  },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  count: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
})

/** The name without its extension: what a rename changes. */
export function baseName(name: string): string {
  const extension = extensionOf(name)
  return extension ? name.slice(0, -(extension.length + 1)) : name
}

export interface FileListProps {
  label: string
  files: readonly DraftFile[]
  onRemove: (id: string) => void
  disabled?: boolean
  /** Shown after a file's name, e.g. its measured length. */
  note?: (file: DraftFile, index: number) => string | undefined
  /** Given: each file has a Rename button; called with the new name without its extension. */
  onRename?: (id: string, baseName: string) => void
}

export function FileList({ label, files, onRemove, disabled = false, note, onRename }: FileListProps) {
  const styles = useStyles()
  const [renaming, setRenaming] = useState<{ id: string; value: string } | null>(null)
  const finishRename = (keep: boolean) => {
    if (keep && renaming && onRename) onRename(renaming.id, renaming.value)
    setRenaming(null)
  }
  const removeButtons = useRef(new Map<string, HTMLElement>())
  /** The file whose remove button takes the focus once the removed file has gone. */
  const focusNext = useRef<string | null>(null)

  useEffect(() => {
    if (focusNext.current === null) return
    removeButtons.current.get(focusNext.current)?.focus()
    focusNext.current = null
  }, [files])

  const remove = (index: number) => {
    const neighbour = files[index + 1] ?? files[index - 1]
    focusNext.current = neighbour?.id ?? null
    onRemove(files[index]!.id)
  }

  if (files.length === 0) return null
  return (
    <div className={styles.root}>
      <ul className={styles.list} aria-label={label}>
        {files.map((file, index) => (
          <li key={file.id} className={styles.item}>
            {renaming?.id === file.id ? (
              <Input
                className={styles.name}
                aria-label={TEXT.newName(file.name)}
                value={renaming.value}
                maxLength={100}
                autoFocus
                onChange={(_, data) => setRenaming({ id: file.id, value: data.value })}
                onBlur={() => finishRename(true)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') finishRename(true)
                  if (event.key === 'Escape') finishRename(false)
                }}
              />
            ) : (
              <span className={styles.name} title={file.name}>
                {shortFileName(file.name)}
                {note?.(file, index) && ` (${note(file, index)})`}
              </span>
            )}
            {onRename && renaming?.id !== file.id && (
              <Button
                appearance="subtle"
                size="small"
                icon={<Edit20Regular />}
                aria-label={TEXT.renameFile(file.name)}
                disabled={disabled}
                onClick={() => setRenaming({ id: file.id, value: baseName(file.name) })}
              />
            )}
            <Button
              ref={(button) => void (button ? removeButtons.current.set(file.id, button) : removeButtons.current.delete(file.id))}
              appearance="subtle"
              size="small"
              icon={<Delete20Regular />}
              aria-label={TEXT.removeFile(file.name)}
              disabled={disabled}
              onClick={() => remove(index)}
            />
          </li>
        ))}
      </ul>
      <p className={styles.count}>{TEXT.fileCount(files.length)}</p>
    </div>
  )
}
