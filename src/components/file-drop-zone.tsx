// An area that takes files by drag and drop and by a picker (issue 11: "drag and drop as well as the
// picker"). The picker is a real <input type=file>, kept in the tab order but out of sight, and its
// <label> is drawn as the button: a tap on a tablet (where nothing can be dragged), a click, or
// Enter/Space on the focused input all open the system picker, and a screen reader meets a file
// button named by `label`. Every file dropped or picked goes to onFiles; the caller checks the types
// (splitByExtension) and says what it refused, in its own words.
import { useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode, type Ref } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { CloudArrowUp32Regular, FolderOpen20Regular } from '@fluentui/react-icons'
import { acceptAttribute } from '@/lib/file-extensions'
import { visuallyHidden } from './visually-hidden'

export const FILE_DROP_ZONE_TEXT = {
  dragMany: 'Drag and drop files here, or',
  dragOne: 'Drag and drop a file here, or',
  dropMany: 'Drop the files to add them',
  dropOne: 'Drop the file to add it',
} as const
const TEXT = FILE_DROP_ZONE_TEXT

/** Where the system's touch screens have no pointer that hovers, files cannot be dragged in. */
const TOUCH_ONLY = '@media (hover: none) and (pointer: coarse)'

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
    [TOUCH_ONLY]: { padding: tokens.spacingVerticalL },
  },
  dragging: {
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  disabled: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStrokeDisabled}`, color: tokens.colorNeutralForegroundDisabled },
  icon: { color: tokens.colorBrandForeground1, [TOUCH_ONLY]: { display: 'none' } },
  iconDisabled: { color: tokens.colorNeutralForegroundDisabled },
  sentence: { margin: 0, [TOUCH_ONLY]: { display: 'none' } },
  input: {
    ...visuallyHidden,
    // The label is the button people see; the input it names has the focus, so the ring is drawn there.
    ':focus-visible + label': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  picker: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Hover}` },
    // A finger needs a bigger target (WCAG 2.5.5).
    [TOUCH_ONLY]: { minHeight: '44px', paddingInline: tokens.spacingHorizontalL },
  },
  pickerDisabled: {
    cursor: 'not-allowed',
    color: tokens.colorNeutralForegroundDisabled,
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeDisabled}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackgroundDisabled, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeDisabled}` },
  },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
})

export interface FileDropZoneProps {
  /** The picker's name, e.g. "Choose audio files". */
  label: string
  /** Allowed extensions, without the dot: they filter the system picker (the caller still checks drops). */
  accept: readonly string[]
  /** Every file dropped or picked, in order; with multiple off, only the first. */
  onFiles: (files: File[]) => void
  multiple?: boolean
  disabled?: boolean
  /** Shown under the picker and read with it (aria-describedby), e.g. the allowed types. */
  hint?: ReactNode
  /** The file input, for a form to move the focus to it. */
  inputRef?: Ref<HTMLInputElement>
  /** The choice was refused: the input is marked invalid and also described by `errorId`'s message. */
  errorId?: string
}

/** True when what is dragged holds files (not a text selection or a link from the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files')
}

export function FileDropZone({ label, accept, onFiles, multiple = false, disabled = false, hint, inputRef, errorId }: FileDropZoneProps) {
  const styles = useStyles()
  const inputId = useId()
  const hintId = useId()
  // dragenter and dragleave also fire on the zone's children: count them to know when the drag left.
  const depth = useRef(0)
  const [dragging, setDragging] = useState(false)

  const hand = (files: File[]) => {
    const chosen = multiple ? files : files.slice(0, 1)
    if (chosen.length > 0) onFiles(chosen)
  }

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    depth.current += 1
    if (!disabled) setDragging(true)
  }
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    // Without this the browser would open a dropped file in place of the page.
    event.preventDefault()
    if (event.dataTransfer) event.dataTransfer.dropEffect = disabled ? 'none' : 'copy'
  }
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    depth.current = Math.max(0, depth.current - 1)
    if (depth.current === 0) setDragging(false)
  }
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    depth.current = 0
    setDragging(false)
    if (!disabled) hand(Array.from(event.dataTransfer.files))
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    // Emptied, so that the same file can be picked again after it was removed from the list.
    event.target.value = ''
    hand(files)
  }

  return (
    <div
      className={mergeClasses(styles.zone, dragging && styles.dragging, disabled && styles.disabled)}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <CloudArrowUp32Regular className={mergeClasses(styles.icon, disabled && styles.iconDisabled)} aria-hidden="true" />
      {/* Drag and drop is for a mouse; the sentence only explains it, the picker below is the way for
          everyone. Disabled, nothing can be dropped, so it is not said (nor drawn in a faint colour). */}
      {!disabled && (
        <p className={styles.sentence} aria-hidden="true">
          {dragging ? (multiple ? TEXT.dropMany : TEXT.dropOne) : multiple ? TEXT.dragMany : TEXT.dragOne}
        </p>
      )}
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="file"
        accept={acceptAttribute(accept)}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={[hint ? hintId : null, errorId ?? null].filter(Boolean).join(' ') || undefined}
        aria-invalid={errorId ? true : undefined}
        onChange={onChange}
      />
      <label htmlFor={inputId} className={mergeClasses(styles.picker, disabled && styles.pickerDisabled)}>
        <FolderOpen20Regular aria-hidden="true" />
        {label}
      </label>
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  )
}
