// The Human grid of step 2 (portal-spec.md §2): turnarounds as rows, job types (all but AI) as columns,
// each offered cell a radio showing its cost in credits. A table in its own horizontally scrolling box,
// so a narrow phone scrolls the grid, never the page. A job type that takes fewer audio files than the
// job has says so above the grid and in its column before the clerk chooses it; its cells stay
// choosable (step 2 then says why Next is disabled), and each is described by that note.
import { useId } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { StatusMessage } from '@/components/status-message'
import { formatCredits } from '@/lib/credits'
import type { ChosenOption } from '../draft/wizard-draft'
import type { HumanGrid as Grid } from '../lib/cost-options'
import { WIZARD_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { borderCollapse: 'separate', borderSpacing: tokens.spacingHorizontalS, minWidth: '100%', '@media (max-width: 480px)': { borderSpacing: tokens.spacingHorizontalXS } },
  header: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: tokens.spacingHorizontalXS },
  // A turnaround's name wraps on a phone, so the cells keep the room.
  rowHeader: { '@media (max-width: 480px)': { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 } },
  cell: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, gap: tokens.spacingHorizontalXS },
    ':focus-within': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  chosen: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  radio: { margin: 0, width: '18px', height: '18px', accentColor: tokens.colorBrandBackground },
  missing: { color: tokens.colorNeutralForeground3, padding: tokens.spacingHorizontalM },
  limit: { display: 'block', fontWeight: tokens.fontWeightRegular, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground3 },
  notes: { display: 'grid', gap: tokens.spacingVerticalXS },
})

export interface HumanGridProps {
  grid: Grid
  chosen: ChosenOption | null
  onSelect: (slotId: number, jobTypeId: number) => void
  /** How many audio files the job has. */
  audioCount: number
  /** The job types that take fewer audio files than that, with their limit (cost-options.ts). */
  overFileLimit: ReadonlyMap<number, number>
}

export function HumanGrid({ grid, chosen, onSelect, audioCount, overFileLimit }: HumanGridProps) {
  const styles = useStyles()
  const noteId = useId()
  const limited = grid.jobTypes.filter((jobType) => overFileLimit.has(jobType.id))
  return (
    <>
      {limited.length > 0 && (
        <div className={styles.notes}>
          {limited.map((jobType) => (
            <div key={jobType.id} id={`${noteId}-${jobType.id}`}>
              <StatusMessage intent="info" role={null}>
                {TEXT.fileLimitNote(jobType.name, overFileLimit.get(jobType.id)!, audioCount)}
              </StatusMessage>
            </div>
          ))}
        </div>
      )}
      <div className={styles.scroller} role="radiogroup" aria-label={TEXT.gridLabel}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.header}>
                {TEXT.turnaround}
              </th>
              {grid.jobTypes.map((jobType) => (
                <th key={jobType.id} scope="col" className={styles.header}>
                  {jobType.name}
                  {overFileLimit.has(jobType.id) && (
                    <>
                      {' '}
                      <span className={styles.limit}>{TEXT.fileLimitColumn(overFileLimit.get(jobType.id)!)}</span>
                    </>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.slots.map((slot) => (
              <tr key={slot.id}>
                <th scope="row" className={mergeClasses(styles.header, styles.rowHeader)}>
                  {slot.name}
                </th>
                {grid.jobTypes.map((jobType) => {
                  const option = grid.cell(slot.id, jobType.id)
                  if (!option) return <td key={jobType.id} className={styles.missing}>{TEXT.notOffered}</td>
                  const isChosen = chosen?.jobTypeId === jobType.id && chosen.slaSlotId === slot.id
                  const credits = formatCredits(option.cost)
                  return (
                    <td key={jobType.id}>
                      <label className={mergeClasses(styles.cell, isChosen && styles.chosen)}>
                        <input
                          type="radio"
                          name="human-option"
                          className={styles.radio}
                          checked={isChosen}
                          aria-label={TEXT.cellName(jobType.name, slot.name, credits)}
                          aria-describedby={overFileLimit.has(jobType.id) ? `${noteId}-${jobType.id}` : undefined}
                          onChange={() => onSelect(slot.id, jobType.id)}
                        />
                        <span aria-hidden="true">{TEXT.credits(credits)}</span>
                      </label>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
