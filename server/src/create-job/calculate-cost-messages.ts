// The words of calculate-cost (portal-spec.md §2 step 1 and §8): every refusal the clerk may see, once.
// A refusal about one file names it, so a clerk who sent several knows which to check.
import { AUDIO_MAX_FILES, FOLDER_TOKEN_LIFETIME_HOURS } from '@contract/create-job.ts'

/** A byte limit in the words people use for file sizes (binary units, as file managers show them). */
export function sizeText(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ]
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  return `${bytes} bytes`
}

export const CALCULATE_COST_MESSAGES = {
  /** portal-spec.md §2, step 1's text while no audio file is chosen. */
  filesRequired: 'At least one audio file is required to proceed.',
  tooManyFiles: `Please send at most ${AUDIO_MAX_FILES} audio files for one job.`,
  reportTypeRequired: 'Please choose a report type.',
  reportTypeUnknown: 'The chosen report type does not exist. Please choose another report type.',
  /** The spec's audio filter text (§8), after the file's name. */
  wrongType: (fileName: string, allowed: readonly string[]) => `“${fileName}” cannot be added. Only audio files of type ${allowed.join(', ')} are allowed.`,
  /** Empty, renamed (not audio), or audio that does not decode. */
  wrongContent: (fileName: string) => `“${fileName}” is not audio we can read. Please check the file and try again.`,
  tooLarge: (fileName: string, maxBytes: number) => `“${fileName}” is larger than ${sizeText(maxBytes)}, the largest audio file a job can take.`,
  /** The measure ran out of its time or memory: most likely a damaged or hostile file. */
  notMeasured: (fileName: string) => `“${fileName}” could not be measured. Please check the file, or split it into shorter recordings, and try again.`,
  /** The file's header contradicts its audio (a rewritten sample rate or size): it cannot be priced as it is. */
  headerMismatch: (fileName: string) =>
    `“${fileName}” cannot be measured: its header does not match the audio in it. Please save or export the recording again from your recorder, and try again.`,
  /** `join` (docs/decisions/joined-recordings.md). */
  joinValue: 'The join field takes only the value true.',
  joinFolderWithoutJoin: 'join_folder is only accepted together with join=true.',
  joinFolderWithFiles: 'Send either audio files or join_folder to join, not both.',
  uploadNamesCount: 'Each uploaded file needs one name: send upload_names once for each upload_ids, in the same order, or not at all.',
  joinNeedsTwo: 'At least two audio files are needed to join them into one recording.',
  tooManyFolders: (open: number) =>
    `You already have ${open} calculated uploads waiting for a job. Please create a job from one of them, or try again once the oldest expires (${FOLDER_TOKEN_LIFETIME_HOURS} hours after it was calculated).`,
} as const
