// The checks every audio file of a job's folder goes through as it is received (a multipart part, a
// finished tus upload, a joined recording), each refusal naming the file.
import { AUDIO_MAX_BYTES } from '@contract/create-job.ts'
import { CALCULATE_COST_MESSAGES as M } from './calculate-cost-messages.ts'
/** How an audio file of a job's folder is received: its type, content and size checked, each refusal naming it. */
export function audioFileChecks(folder: string, allowed: readonly string[], name: string) {
  return {
    folder,
    allowed,
    maxBytes: AUDIO_MAX_BYTES,
    fallbackName: 'audio',
    texts: { wrongType: M.wrongType(name, allowed), wrongContent: M.wrongContent(name), tooLarge: M.tooLarge(name, AUDIO_MAX_BYTES) },
  }
}
