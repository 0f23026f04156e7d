// The e-mail a clerk gets when a job reaches Completed ("Your transcript for {address} is ready"),
// whoever completes it: the AI worker (transcribe-job.ts) or staff (`ops move N completed`). It is
// written to the outbox in the transaction that completes the job, so it exists exactly when the move
// does, and is sent after the commit (email/outbox.ts).
import type { Db } from '../db/database.ts'
import { queueMail } from '../email/outbox.ts'
import { transcriptReadyMail } from '../email/templates.ts'
import { usersRepository } from '../repositories/users-repository.ts'

export async function queueCompletionMail(tx: Db, job: { id: number; userId: string; propertyAddress: string }, publicUrl: string): Promise<void> {
  const clerk = await usersRepository.findById(tx, job.userId)
  if (!clerk || clerk.status === 'deleted') return
  await queueMail(tx, transcriptReadyMail(clerk.email, clerk.fullName, job, `${publicUrl}/my-jobs`))
}
