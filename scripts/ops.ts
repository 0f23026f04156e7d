// The operator command line: staff work on jobs and accounts, done through the running server's
// /api/ops/* calls (PGlite allows one process, and with several servers every change must go through
// one of them). Usage: npm run ops -- help
import { openAsBlob } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { OpsJob, OpsQueueEntry } from '../contract/ops.ts'
import { creditsBody, jobIdArgument, moveBody, parse, statusArgument, UsageError } from './ops-arguments.ts'

const USAGE = `InspectScribe operator command line

  npm run ops -- jobs [--clerk <email>] [--status <status>] [--limit <n>] [--json]
  npm run ops -- jobs --late                       jobs past their deadline and not finished, most overdue first
  npm run ops -- queue [--json]                    the work queue: waiting, running, retrying and failed work, with ages
  npm run ops -- move <job id> <status>            Submitted, Scheduled, "In Progress", Completed, Failed
  npm run ops -- move <job id> failed --reason <why> [--refund]   the clerk reads the reason; --refund gives the
                                                   job's charge back, once (also later, for a job already Failed)
  npm run ops -- note <job id> <text>              add a staff note the clerk sees on the job
  npm run ops -- attach-transcript <job id> <file> attach a transcript (doc, docx, pdf, odt, rtf, txt)
  npm run ops -- credits <email> <amount> --reason <why>   add (25, 1.10) or remove (-0.07) credits; 2 decimals at most
  npm run ops -- deactivate <email>                stop an account signing in (ends its sessions)
  npm run ops -- reactivate <email>
  npm run ops -- demo-jobs <email> [--count <n>]   create realistic demo jobs for a clerk (12 unless given, up to 5000)

It talks to the running server: INSPECTSCRIBE_URL (default http://localhost:$PORT, PORT 8080), with the
operator token from OPS_TOKEN, or else the file DATA_DIR/ops-token (DATA_DIR default ./data) that the
embedded server writes when it starts.`

async function operatorToken(): Promise<string> {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN
  const file = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'ops-token')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    throw new UsageError(`No operator token: set OPS_TOKEN, or start the server once so that it writes ${file}.`)
  }
}

const baseUrl = () => (process.env.INSPECTSCRIBE_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '')

async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown, form?: FormData): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${await operatorToken()}`, accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(`${baseUrl()}/api/ops${route}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) })
  } catch {
    throw new Error(`Cannot reach the server at ${baseUrl()}. Is it running (npm start)? Set INSPECTSCRIBE_URL if it is elsewhere.`)
  }
  const answer = (await response.json().catch(() => ({}))) as { detail?: unknown; message?: string }
  if (!response.ok) throw new Error(typeof answer.detail === 'string' ? answer.detail : `The server answered ${response.status}.`)
  return answer as T
}

/** Columns padded to their widest cell; the last one runs on. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)))
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '))
}

const utcMinute = (iso: string) => iso.slice(0, 16).replace('T', ' ')

/** "45s", "12m", "3h 05m", "2d 4h": how long, at a glance. */
function ageText(seconds: number): string {
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`
  return `${Math.floor(hours / 24)}d ${hours % 24}h`
}

function printJobs(jobs: OpsJob[], late: boolean): void {
  if (jobs.length === 0) return console.log(late ? 'No job is past its deadline.' : 'No jobs.')
  if (late) {
    const now = Date.now()
    const rows = jobs.map((job) => [String(job.jobId), job.status, job.jobType, job.clerkEmail, utcMinute(job.slaDeadline), ageText(Math.floor((now - Date.parse(job.slaDeadline)) / 1000)), job.propertyAddress])
    printTable(['ID', 'STATUS', 'TYPE', 'CLERK', 'DEADLINE (UTC)', 'LATE BY', 'PROPERTY'], rows)
  } else {
    const rows = jobs.map((job) => [String(job.jobId), job.status, job.jobType, job.clerkEmail, utcMinute(job.createdAt), String(job.transcripts), job.propertyAddress])
    printTable(['ID', 'STATUS', 'TYPE', 'CLERK', 'CREATED (UTC)', 'TRANSCRIPTS', 'PROPERTY'], rows)
  }
  // Notes for staff alone (the clerk never sees them), after the table: an AI draft waiting, an engine's failure.
  const notes = jobs.flatMap((job) => job.staffOnlyNotes.map((note) => `job #${job.jobId}: ${note}`))
  if (notes.length > 0) console.log(['', 'Staff-only notes:', ...notes.map((note) => `  ${note}`)].join('\n'))
}

function printQueue(entries: OpsQueueEntry[]): void {
  if (entries.length === 0) return console.log('The queue is empty: nothing waiting, running, retrying or failed.')
  const about = (entry: OpsQueueEntry) => [typeof entry.payload.jobId === 'number' ? `job #${entry.payload.jobId}` : '', entry.error ?? ''].filter(Boolean).join(': ')
  const rows = entries.map((entry) => [entry.queue, entry.state, ageText(entry.ageSeconds), `${entry.tries}/${entry.maxTries}`, utcMinute(entry.since), about(entry)])
  printTable(['QUEUE', 'STATE', 'AGE', 'TRIES', 'SINCE (UTC)', 'ABOUT'], rows)
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv)
  const [command, ...rest] = positionals
  const say = (answer: { message: string }) => console.log(answer.message)

  switch (values.help ? 'help' : command) {
    case 'jobs': {
      const query = new URLSearchParams()
      if (values.clerk) query.set('clerk', values.clerk)
      if (values.status) query.set('status', statusArgument(values.status))
      if (values.limit) query.set('limit', values.limit)
      if (values.late) query.set('late', 'true')
      const jobs = await call<OpsJob[]>('GET', `/jobs${query.size ? `?${query}` : ''}`)
      return values.json ? console.log(JSON.stringify(jobs, null, 2)) : printJobs(jobs, values.late === true)
    }
    case 'queue': {
      const entries = await call<OpsQueueEntry[]>('GET', '/queue')
      return values.json ? console.log(JSON.stringify(entries, null, 2)) : printQueue(entries)
    }
    case 'move': {
      const { jobId, body } = moveBody(rest, values)
      return say(await call('POST', `/jobs/${jobId}/status`, body))
    }
    case 'note': {
      const note = rest.slice(1).join(' ')
      if (!note.trim()) throw new UsageError('Write the note after the job id.')
      return say(await call('POST', `/jobs/${jobIdArgument(rest[0])}/notes`, { note }))
    }
    case 'attach-transcript': {
      const jobId = jobIdArgument(rest[0])
      const file = rest[1]
      if (!file) throw new UsageError('Name the transcript file after the job id.')
      if (!(await stat(file).catch(() => null))?.isFile()) throw new UsageError(`No such file: ${file}`)
      const form = new FormData()
      // A file-backed Blob: the transcript is streamed to the server, not read into memory first.
      form.append('file', await openAsBlob(file), path.basename(file))
      return say(await call('POST', `/jobs/${jobId}/transcripts`, undefined, form))
    }
    case 'credits': {
      return say(await call('POST', '/credits', creditsBody(rest, values.reason)))
    }
    case 'deactivate':
    case 'reactivate':
      if (!rest[0]) throw new UsageError(`Give the clerk’s e-mail: ${command} <email>`)
      return say(await call('POST', `/accounts/${command}`, { email: rest[0] }))
    case 'demo-jobs': {
      if (!rest[0]) throw new UsageError('Give the clerk’s e-mail: demo-jobs <email> [--count <n>]')
      const count = values.count === undefined ? undefined : Number(values.count)
      return say(await call('POST', '/demo-jobs', { email: rest[0], count }))
    }
    case 'help':
    case undefined:
      return console.log(USAGE)
    default:
      throw new UsageError(`Unknown command "${command}".`)
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`)
    process.exit(2)
  }
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
