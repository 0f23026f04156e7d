// The Job Details dialog (portal-spec.md §2): five numbered sections (general information, documents,
// audio, job information, output files with staff notes), every file with its download (§7, §8).
// General Information also shows the status (My Jobs' badge), when the job is expected and, for a
// failed job, why; Job Information the remarks sent with it (issue 24 item 11).
// The page passes the job from the latest fetched list, so the dialog follows refreshes.
import { useId, useState, type ReactNode } from 'react'
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components'
import { ArrowDownload16Regular, DocumentText20Regular, MusicNote220Regular } from '@fluentui/react-icons'
import type { JobAnswer } from '../lib/job-answer'
import { AppDialog } from '@/components/app-dialog'
import { StatusMessage } from '@/components/status-message'
import { ApiError, fileBaseName } from '@/lib/api-client'
import { useOnlineStatus } from '@/lib/use-online-status'
import { useDownloadJobFile, type JobFile } from '../api/download-job-file'
import { DOWNLOAD_TEXT, JOB_DETAILS_TEXT as TEXT, type JobFileKind } from '../dialog-messages'
import { formatJobDate } from '../lib/format-job-date'
import { expectedText } from '../lib/expected-text'
import { formatDuration } from '../lib/job-rows'
import { jobStatusLabel, statusOf } from '../lib/job-status'
import { JobStatusBadge } from './job-status-badge'

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalL },
  section: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none', paddingBottom: 0 },
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  subheading: { margin: 0, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, fontWeight: tokens.fontWeightSemibold },
  pairs: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere', '@media (max-width: 480px)': { marginBottom: tokens.spacingVerticalS } },
  group: { display: 'grid', gap: tokens.spacingVerticalXS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  fileIcon: { flexShrink: 0, color: tokens.colorBrandForeground1 },
  fileName: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
  note: {
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  noteText: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  // The clerk's own line breaks are kept.
  remarks: { whiteSpace: 'pre-wrap' },
  noteTime: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
})

const text = (value: string | null | undefined, fallback: string = TEXT.notSpecified) => value?.trim() || fallback
const dateText = (value: string | null | undefined) => formatJobDate(value) ?? TEXT.notSpecified
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

type Notice = { jobId: number; intent: 'error' | 'warning'; text: string }

/** Where a job that the loaded list leaves out stands: asked for, not the clerk's (or gone), or not loaded. */
export type JobLookup = 'loading' | 'not-found' | 'failed'

export interface JobDetailsDialogProps {
  job: JobAnswer | null
  /** Only when `job` is null because it is being asked for by id (a notification's job). */
  lookup?: JobLookup
  open: boolean
  onClose: () => void
}

export function JobDetailsDialog({ job, lookup, open, onClose }: JobDetailsDialogProps) {
  const styles = useStyles()
  const online = useOnlineStatus()
  const download = useDownloadJobFile()
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())
  const [notice, setNotice] = useState<Notice | null>(null)

  const close = () => {
    setNotice(null)
    onClose()
  }

  const onDownload = (jobId: number, file: JobFile) => {
    if (!online) return setNotice({ jobId, intent: 'warning', text: DOWNLOAD_TEXT.offline })
    const key = `${file.kind}:${file.path}`
    if (pending.has(key)) return
    setNotice(null)
    setPending((current) => new Set(current).add(key))
    // mutateAsync: the hook's own callbacks follow only the latest of several downloads at once.
    download
      .mutateAsync(file)
      .catch((error: unknown) => {
        // A 403 ended the session, and the transport's forbidden handler has sent the clerk to sign in.
        if (error instanceof ApiError && error.status === 403) return
        setNotice({ jobId, intent: 'error', text: DOWNLOAD_TEXT.failed[file.kind] })
      })
      .finally(() =>
        setPending((current) => {
          const next = new Set(current)
          next.delete(key)
          return next
        }),
      )
  }

  const files = (kind: JobFileKind, paths: readonly string[] | null | undefined, label: string, emptyText: string, jobId: number) => (
    <FileGroup label={TEXT.counted(label, paths?.length ?? 0)}>
      {paths && paths.length > 0 ? (
        <ul className={styles.list}>
          {paths.map((path) => {
            const name = fileBaseName(path)
            const busy = pending.has(`${kind}:${path}`)
            return (
              <li key={path} className={styles.file}>
                {kind === 'audio' ? <MusicNote220Regular className={styles.fileIcon} aria-hidden /> : <DocumentText20Regular className={styles.fileIcon} aria-hidden />}
                <span className={styles.fileName}>{name}</span>
                <Button
                  size="small"
                  icon={busy ? <Spinner size="tiny" /> : <ArrowDownload16Regular />}
                  aria-label={DOWNLOAD_TEXT.button(kind, name)}
                  disabledFocusable={busy}
                  onClick={() => onDownload(jobId, { kind, path })}
                >
                  {DOWNLOAD_TEXT.download}
                </Button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className={styles.empty}>{emptyText}</p>
      )}
    </FileGroup>
  )

  const body = (job: JobAnswer) => {
    const status = jobStatusLabel(statusOf(job))
    return (
      <div className={styles.content}>
        {notice?.jobId === job.job_id && (
          <StatusMessage intent={notice.intent} role="alert">
            {notice.text}
          </StatusMessage>
        )}
        <Section title={TEXT.general}>
          <Pairs
            rows={[
              [TEXT.jobId, String(job.job_id)],
              [TEXT.status, status ? <JobStatusBadge status={status} /> : TEXT.notSpecified],
              ...(status === 'Failed' ? [[TEXT.failureReason, text(job.failure_reason)] as const] : []),
              [TEXT.propertyAddress, text(job.property_address)],
              [TEXT.createdDate, dateText(job.created_at)],
              [TEXT.deadlineDate, dateText(job.sla_deadline)],
              [TEXT.expected, expectedText(status, job.sla_deadline, new Date())],
            ]}
          />
        </Section>
        <Section title={TEXT.documents}>
          {files('template', job.template_files, TEXT.templateFiles, TEXT.noTemplateFiles, job.job_id)}
          {files('support', job.support_files, TEXT.supportFiles, TEXT.noSupportFiles, job.job_id)}
        </Section>
        <Section title={TEXT.audio}>{files('audio', job.audio_files, TEXT.audioFiles, TEXT.noAudioFiles, job.job_id)}</Section>
        <Section title={TEXT.job}>
          <Pairs
            rows={[
              [TEXT.reportType, text(job.report_type?.name)],
              [TEXT.jobType, text(job.job_type?.name)],
              [TEXT.tat, text(job.sla_slot?.name, TEXT.defaultTat)],
              [TEXT.totalAudioLength, isNumber(job.audio_duration) ? formatDuration(job.audio_duration) : TEXT.notSpecified],
              [TEXT.cost, isNumber(job.cost) ? TEXT.credits(job.cost) : TEXT.notSpecified],
              [TEXT.remarks, <span className={styles.remarks}>{text(job.remarks)}</span>],
            ]}
          />
        </Section>
        <Section title={TEXT.output}>
          {files('transcript', job.transcript_files, TEXT.transcriptFiles, TEXT.noTranscriptFiles, job.job_id)}
          <FileGroup label={TEXT.counted(TEXT.staffNotes, job.staff_note?.length ?? 0)}>
            {job.staff_note && job.staff_note.length > 0 ? (
              <ul className={styles.list}>
                {job.staff_note.map((entry, index) => (
                  <li key={index} className={styles.note}>
                    <p className={styles.noteText}>{text(entry.note)}</p>
                    <time className={styles.noteTime} dateTime={entry.created_at || undefined}>
                      {dateText(entry.created_at)}
                    </time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{TEXT.noStaffNotes}</p>
            )}
          </FileGroup>
        </Section>
      </div>
    )
  }

  return (
    <AppDialog open={open} title={TEXT.title} onClose={close} maxWidth="md" actions={<Button onClick={close}>{TEXT.close}</Button>}>
      {job ? body(job) : <NoJob lookup={lookup} />}
    </AppDialog>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles()
  const id = useId()
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  )
}

function FileGroup({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles()
  const id = useId()
  return (
    <div className={styles.group} role="group" aria-labelledby={id}>
      <h4 id={id} className={styles.subheading}>
        {label}
      </h4>
      {children}
    </div>
  )
}

/** Labelled values as a description list: each term followed by its value. */
function Pairs({ rows }: { rows: (readonly [term: string, value: ReactNode])[] }) {
  const styles = useStyles()
  return (
    <dl className={styles.pairs}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function NoJob({ lookup }: { lookup: JobLookup | undefined }) {
  const styles = useStyles()
  if (lookup === 'loading') return <Spinner size="small" labelPosition="after" label={TEXT.loadingJob} />
  if (lookup === 'not-found') return <StatusMessage intent="warning">{TEXT.jobNotFound}</StatusMessage>
  if (lookup === 'failed')
    return (
      <StatusMessage intent="error" role="alert">
        {TEXT.jobLoadFailed}
      </StatusMessage>
    )
  return <p className={styles.empty}>{TEXT.noJob}</p>
}
