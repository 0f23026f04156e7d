// The operator command line's reading of its arguments, apart from its calls so it can be tested:
// options and positionals, statuses, job ids, and amounts of credits read into exact cents.
import { parseArgs } from 'node:util'
import { formatCents, parseCents } from '../contract/money.ts'
import type { OpsCreditsBody, OpsMoveBody } from '../contract/ops.ts'

/** A mistake in the command line itself: the usage is printed and the exit code is 2. */
export class UsageError extends Error {}

const STATUSES = ['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed'] as const

/** "in-progress", "IN_PROGRESS" and "in progress" all name In Progress. */
export function statusArgument(raw: string | undefined): string {
  const wanted = (raw ?? '').toLowerCase().replace(/[-_]/g, ' ').trim()
  const status = STATUSES.find((s) => s.toLowerCase() === wanted)
  if (!status) throw new UsageError(`Unknown status "${raw ?? ''}". Use one of: ${STATUSES.join(', ')}.`)
  return status
}

export function jobIdArgument(raw: string | undefined): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id < 1) throw new UsageError(`"${raw ?? ''}" is not a job id.`)
  return id
}

export const MOVE_REASON_USAGE = 'Moving a job to Failed needs --reason "<why>": the clerk reads it on the job and in their notification.'

/**
 * The body of `move <job id> <status> [--reason <why>] [--refund]`. Failed needs a reason, except for
 * `--refund` alone, which also refunds a job already Failed (the server asks for the reason when the
 * job is not Failed yet). A reason or refund with another status is a mistake in the command.
 */
export function moveBody(positionals: string[], options: { reason?: string; refund?: boolean }): { jobId: number; body: OpsMoveBody } {
  const jobId = jobIdArgument(positionals[0])
  const status = statusArgument(positionals[1]) as OpsMoveBody['status']
  const reason = options.reason?.trim()
  if (status !== 'Failed') {
    if (options.reason !== undefined || options.refund) throw new UsageError('--reason and --refund go only with a move to Failed.')
    return { jobId, body: { status } }
  }
  if (!reason && !options.refund) throw new UsageError(MOVE_REASON_USAGE)
  return { jobId, body: { status, ...(reason && { reason }), ...(options.refund && { refund: true }) } }
}

export const CREDITS_USAGE = 'Give the clerk’s e-mail and a non-zero amount, e.g. credits jo@example.com 25 --reason "Goodwill"'

/**
 * The body of a credits adjustment from `credits <email> <amount> --reason <why>`. The amount is read
 * as decimal text into whole cents (never through floating point) and sent as exact decimal text.
 */
export function creditsBody(positionals: string[], reason: string | undefined): OpsCreditsBody {
  const [email, rawAmount] = positionals
  if (!email || rawAmount === undefined) throw new UsageError(CREDITS_USAGE)
  const amount = parseCents(rawAmount)
  if (!amount.ok) throw new UsageError(amount.problem)
  if (amount.cents === 0) throw new UsageError(CREDITS_USAGE)
  if (!reason?.trim()) throw new UsageError('Every credit adjustment needs --reason "<why>".')
  return { email, amount: formatCents(amount.cents), reason }
}

// parseArgs reads "-5" (or "-0.07", "-.5") as an option; a negative amount is hidden from it and given back afterwards.
const NEGATIVE = /^-[\d.]/
const HIDDEN_MINUS = 'minus:'

export function parse(argv: string[]) {
  try {
    const parsed = parseArgs({
      args: argv.map((arg) => (NEGATIVE.test(arg) ? HIDDEN_MINUS + arg : arg)),
      allowPositionals: true,
      options: {
        clerk: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        late: { type: 'boolean' },
        reason: { type: 'string' },
        refund: { type: 'boolean' },
        count: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    return { values: parsed.values, positionals: parsed.positionals.map((arg) => (arg.startsWith(HIDDEN_MINUS) ? arg.slice(HIDDEN_MINUS.length) : arg)) }
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}
