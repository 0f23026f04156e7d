// Every text of the Job Details and Delete Job dialogs, the downloads and the offline note, in one
// place. Texts quoted in portal-spec.md (§2, §5, §8) are copied word for word; the rest are this
// portal's own words (docs/decisions/job-details-deletion-downloads-offline-list-portal.md).
import { formatCredits } from '@/lib/credits'

/** The four kinds of job file the clerk can download (portal-spec.md §2 Job Details, §7). */
export type JobFileKind = 'audio' | 'template' | 'support' | 'transcript'

export const DOWNLOAD_TEXT = {
  /** How each kind is named in its button and messages. */
  kindName: {
    audio: 'audio file',
    template: 'template file',
    support: 'supporting document',
    transcript: 'transcript file',
  } satisfies Record<JobFileKind, string>,
  /** The name of a file's download button, e.g. "Download transcript file Final report.docx". */
  button: (kind: JobFileKind, fileName: string) => `Download ${DOWNLOAD_TEXT.kindName[kind]} ${fileName}`,
  /** portal-spec.md §8 Downloads: the alert the clerk sees. */
  failed: {
    audio: 'Failed to download audio file. Please try again.',
    template: 'Failed to download template file. Please try again.',
    support: 'Failed to download supporting document. Please try again.',
    transcript: 'Failed to download transcript file. Please try again.',
  } satisfies Record<JobFileKind, string>,
  /** portal-spec.md §8 Downloads, client-side variants: the message of the error the fetcher throws. */
  fetcherFailed: {
    audio: 'Failed to download the audio file',
    template: 'Failed to download the template file',
    support: 'Failed to download the supporting document',
    transcript: 'Failed to download the transcript file',
  } satisfies Record<JobFileKind, string>,
  offline: 'You are offline. Downloading files needs a connection.',
  downloading: 'Downloading...',
  download: 'Download',
} as const

export const JOB_DETAILS_TEXT = {
  title: 'Job Details',
  noJob: 'No job details available',
  /** A job the loaded list leaves out (a notification's), while it is asked for and when that fails. */
  loadingJob: 'Loading job details...',
  jobNotFound: 'This job could not be found. It may have been deleted.',
  jobLoadFailed: 'The job’s details could not be loaded. Please try again.',
  close: 'Close',
  /** portal-spec.md §2 and §8: missing values and a missing deadline. */
  notSpecified: 'Not specified',
  /** portal-spec.md §2: the TAT when the job has none. */
  defaultTat: 'Standard',

  general: '1. General Information',
  jobId: 'Job ID',
  propertyAddress: 'Property Address',
  createdDate: 'Created Date',
  deadlineDate: 'Deadline Date',
  /** This portal's own words (issue 24 item 11; docs/decisions/job-details-status.md). */
  status: 'Status',
  expected: 'Expected',
  expectedBy: (date: string, when: string) => `By ${date} (${when})`,
  dueIn: (distance: string) => `in ${distance}`,
  overdueBy: (distance: string) => `overdue by ${distance}`,
  delivered: 'Delivered',
  notExpected: 'Not expected: the job failed',
  failureReason: 'Failure Reason',

  documents: '2. Document Information',
  templateFiles: 'Template Files',
  supportFiles: 'Supporting Documents',
  noTemplateFiles: 'No template files',
  noSupportFiles: 'No supporting documents',

  audio: '3. Audio Files',
  audioFiles: 'Audio Files',
  noAudioFiles: 'No audio files',

  job: '4. Job Information',
  reportType: 'Report Type',
  jobType: 'Job Type',
  tat: 'TAT',
  totalAudioLength: 'Total Audio Length',
  cost: 'Cost',
  remarks: 'Remarks',
  credits: (cost: number) => `${formatCredits(cost)} Credits`,

  output: '5. Output Files',
  transcriptFiles: 'Transcript Files',
  noTranscriptFiles: 'No transcript files yet',
  staffNotes: 'Staff Notes',
  noStaffNotes: 'No staff notes',

  /** A list's heading with its count, e.g. "Audio Files (2)". */
  counted: (label: string, count: number) => `${label} (${count})`,
} as const

export const DELETE_JOBS_TEXT = {
  /** portal-spec.md §2 "Dialogs of the shell". */
  titleSingle: 'Delete Job',
  titleMultiple: 'Delete Multiple Jobs',
  questionSingle: (jobId: number) => `Are you sure you want to delete job #${jobId}?`,
  questionMultiple: (count: number) => (count === 1 ? 'Are you sure you want to delete the selected job?' : `Are you sure you want to delete the ${count} selected jobs?`),
  jobList: 'Jobs to delete',
  warning: 'Their audio, documents and transcripts are deleted with them. This action cannot be undone.',
  confirm: 'I understand that the selected job(s) and their files will be deleted permanently',
  /** portal-spec.md §5: the box must be ticked. */
  confirmRequired: 'Please tick the box to confirm that you want to delete the selected job(s).',
  /** portal-spec.md §5: bulk delete with nothing selected. */
  noneSelected: 'Please select at least one job to delete',
  cancel: 'Cancel',
  delete: 'Delete',
  deleting: 'Deleting...',
  /** portal-spec.md §8 Delete jobs. */
  failed: 'Failed to delete selected jobs',
  network: 'Network error when deleting jobs',
  offline: 'You are offline. Deleting jobs needs a connection.',
} as const

export const OFFLINE_NOTE_TEXT = {
  note: (when: string) => `You are offline. Showing your jobs as they were at ${when}.`,
  /** When the time of the last update is unknown. */
  noteUndated: 'You are offline. Showing your jobs as they were last loaded on this device.',
  /** The chosen range's list was never stored (after midnight the default range is a new one): the last list stored, of another range. */
  storedList: (when: string, from: string, to: string) =>
    `You are offline. Showing the last list stored on this device, read at ${when}: jobs created from ${from} to ${to}.`,
} as const
