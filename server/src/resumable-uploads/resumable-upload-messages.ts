// The words of the resumable uploads (tus): what a clerk's portal shows when an upload is refused.
import { CALCULATE_COST_MESSAGES } from '../create-job/calculate-cost-messages.ts'

export const RESUMABLE_UPLOAD_MESSAGES = {
  /** No such upload for this clerk: none, another clerk's, or swept after expiring. */
  notFound: 'This upload is no longer on the server. Please choose the file again.',
  /** A request without `Tus-Resumable: 1.0.0`: not a tus client, or another version of the protocol. */
  tusVersionRequired: 'Uploads here use the tus 1.0.0 protocol: send the header Tus-Resumable: 1.0.0.',
  /** A creation that carries bytes (tus creation-with-upload, not offered): the portal creates, then PATCHes. */
  bytesAtCreation: 'Create the upload without its bytes, then send them with PATCH: this server does not take bytes with the creation.',
  /** Creation without Upload-Length (tus creation-defer-length): the portal always knows a file's size. */
  lengthRequired: 'The upload must say the file’s size.',
  tooManyOpen: (open: number) =>
    `You already have ${open} uploads waiting. Please price a job with them, or cancel some, before sending more files.`,
  /** An upload id calculate-cost was sent that is not the clerk's finished, unused upload. */
  notReady: 'One of the uploaded files is not finished or no longer on the server. Please choose the file again.',
  wrongType: CALCULATE_COST_MESSAGES.wrongType,
  wrongContent: CALCULATE_COST_MESSAGES.wrongContent,
  tooLarge: CALCULATE_COST_MESSAGES.tooLarge,
} as const
