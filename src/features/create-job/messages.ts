// Every text of the Create Job wizard, in one place. Texts quoted in portal-spec.md (§2, §5, §8) are
// copied word for word; labels and hints the spec does not word are this portal's own
// (docs/decisions/create-job-wizard.md).

const list = (extensions: readonly string[]) => extensions.join(', ')

export const WIZARD_TEXT = {
  title: 'Create Job',
  steps: ['General Info', 'Cost', 'Documents', 'Job Summary'] as const,
  stepsLabel: 'Steps',
  stepOf: (step: number) => `Step ${step} of 4`,

  // Step 1
  address: 'Property address',
  addressRequired: 'Property address is required',
  reportType: 'Report type',
  reportTypesFailed: 'Failed to get report types',
  audioFiles: 'Audio files',
  audioRequired: 'At least one audio file is required to proceed.',
  audioTypes: (extensions: readonly string[]) => `Only audio files of type ${list(extensions)} are allowed.`,
  audioHint: (extensions: readonly string[]) => `Drop audio files here or choose them. Accepted: ${list(extensions)}.`,
  fileCount: (count: number) => (count === 1 ? '1 file' : `${count} files`),
  tooManyAudio: (max: number) => `A job can carry at most ${max} audio files.`,
  audioTooLarge: (name: string) => `${name} is larger than 2 GB, the largest audio file a job can carry.`,
  removeFile: (name: string) => `Remove ${name}`,
  typesFailed: 'Failed to load allowed file types. Please try again.',
  retry: 'Try again',
  calculating: 'Calculating cost, please wait...',
  uploadLabel: 'Uploading audio files',
  uploadCancelled: 'Upload cancelled. Your details and files are still here.',
  costFailed: 'Failed to calculate cost. Please try again.',
  /** Next pressed without a connection, or the upload broke off (docs/decisions/wizard-without-a-connection.md). */
  costOffline: 'You are offline. The cost will be calculated as soon as the connection is back. Everything you entered is kept.',

  // Step 2
  totalLength: 'Total audio length',
  billedMinutes: (minutes: number) => (minutes === 1 ? 'charged as 1 minute' : `charged as ${minutes} minutes`),
  transcriptionType: 'Transcription type',
  ai: 'AI Only Transcription',
  human: 'Manual or Human Transcription',
  aiCost: 'AI cost',
  credits: (credits: string) => `${credits} credits`,
  gridLabel: 'Turnaround and job type',
  turnaround: 'Turnaround',
  notOffered: 'Not offered',
  cellName: (jobType: string, slot: string, credits: string) => `${jobType}, ${slot}: ${credits} credits`,
  selected: 'Selected option',
  noSelection: 'Choose a turnaround and job type in the table.',
  lowCredit: (have: string, need: string) => `You have ${have} credits but this job requires ${need} credits`,
  addCredit: 'Add Credit',
  oneFileOnly: 'For AI and AI + Proofreading jobs, only one audio file can be submitted.',
  /** Said in the grid before a choice, for a job type that takes fewer files than the job has. */
  fileLimitColumn: (limit: number) => (limit === 1 ? '(one audio file only)' : `(up to ${limit} audio files)`),
  fileLimitNote: (jobType: string, limit: number, count: number) =>
    `${jobType} jobs take ${limit === 1 ? 'one audio file only' : `up to ${limit} audio files`}, and this job has ${count}.`,
  balanceUnknown: 'Your credit balance could not be read, so the job cannot be priced against it yet.',

  // Step 3
  template: 'Template',
  defaultTemplate: 'Default template',
  customTemplate: 'Custom template',
  noTemplate: 'No template available',
  loadingTemplate: 'Loading your template...',
  templateFile: 'Template file',
  templateTypes: (extensions: readonly string[]) => `Only ${list(extensions)} files are allowed for templates.`,
  templateRequired: 'Template is required. No default templates available.',
  templateFileRequired: 'Template file is required',
  additionalFiles: 'Additional files (optional)',
  supportTypes: (extensions: readonly string[]) => `Only ${list(extensions)} files are allowed for supporting documents.`,
  tooManySupport: (max: number) => `A job can carry at most ${max} additional files.`,
  supportTooLarge: (name: string) => `${name} is larger than 50 MB, the largest additional file a job can carry.`,
  notRequired: 'Documents are not required',
  templatesFailed: 'Failed to load templates. Please try again later.',
  templateTooLarge: (name: string) => `${name} is larger than 20 MB.`,
  acceptedTypes: (extensions: readonly string[]) => `Accepted: ${list(extensions)}.`,

  // Step 4
  propertyAddress: 'Property address',
  reportTypeLabel: 'Report type',
  transcriptionTypeLabel: 'Transcription type',
  turnaroundLabel: 'Turnaround',
  priority: 'Priority',
  hours: (hours: number) => `${hours} hours`,
  audioFilesLabel: 'Audio files',
  templateLabel: 'Template',
  additionalFilesLabel: 'Additional files',
  none: 'None',
  costLabel: 'Cost',
  audioLengthLabel: 'Audio length',
  remarks: 'Remarks',
  qualityStatement: 'I understand that the quality of the transcript depends on the quality of the input audio.',
  noRefundStatement: 'I understand that credits are not refundable once the job is submitted.',
  balanceAfter: 'Balance credit after purchase',
  submit: 'Submit',
  submitting: 'Submitting...',
  submitFailed: 'An error occurred while submitting the job. Please try again.',
  submitNetwork: 'Network error when creating job',
  /** Submit pressed without a connection: nothing is sent, and nothing is sent until the clerk presses Try again. */
  submitOffline: 'You are offline. The job has not been sent. Everything you entered is kept: press Try again when the connection is back.',
  /** The spec's network words, then what happens next: a retry carries the same idempotency key, so it never makes a second job. */
  submitLost: 'Network error when creating job. Everything you entered is kept: press Try again when the connection is back.',
  /** The server's words for 410 folder_expired, should it send none. */
  folderExpired: 'The uploaded audio has expired. Please upload it again and calculate the cost again.',
  created: (id: number) => `Job created successfully! Job ID: ${id}`,

  // The draft kept on this device (docs/decisions/draft-kept-on-the-device.md)
  draftRestored: (when: string) => `Draft restored from ${when}`,
  draftOpening: 'Opening your saved draft...',
  discardDraft: 'Discard draft',
  roomLeft: (room: string) => `Room left on this device for drafts: ${room}`,
  fileNotKept: (name: string) => `${name} does not fit in the room left on this device. You can still send it now, but it will not be kept if the page reloads.`,
  draftFull: 'This device is out of room, so the latest changes to the draft were not saved on it. They stay open here, but will be lost if the page reloads.',
  draftNotSaved: 'The draft could not be saved on this device. It stays open here, but will be lost if the page reloads.',

  back: 'Back',
  next: 'Next',
  cancelJob: 'Cancel Job',
} as const
