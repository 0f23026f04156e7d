// An AI job done by itself (issue 26): a server of its own, started with TRANSCRIBE_URL pointing at a
// stand-in speech-to-text engine (a real HTTP server this spec starts, answering as speaches or OpenAI
// do). The clerk submits an AI job in the wizard; it reaches Completed with no person acting, the bell
// says so, and the DOCX the clerk downloads from Job Details holds the stand-in's words. The shared e2e
// server stays without an engine: other specs expect AI jobs to wait for staff.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { DEMO_CLERK } from '../../server/src/db/seed-data.ts'
import { startStandInEngine, STAND_IN_WORDS, type StandInEngine } from '../../server/test/support/stand-in-engine.ts'
import { recordAudio } from './support/audio.ts'
import { acceptAndSubmit } from './support/job-summary.ts'
import { startServer, type RunningServer } from './support/server.ts'
import { expect, test } from './support/test.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
const ADDRESS = '27 Orchard Row, Knaresborough HG5 0AB'

let engine: StandInEngine
let server: RunningServer
let folder = ''

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-ai-job-'))
  engine = await startStandInEngine()
  await recordAudio(folder, 'landing.mp3', 40)
  // The embedded database with its demo clerk; the engine is the stand-in.
  server = await startServer({ env: { TRANSCRIBE_URL: engine.url, DEMO_ACCOUNT: 'true' } })
  // Credits through the operator command line, against this server.
  await run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'credits', DEMO_CLERK.email, '20', '--reason', 'E2E AI job'], {
    cwd: ROOT,
    env: { ...process.env, INSPECTSCRIBE_URL: server.url, DATA_DIR: server.dataDir, TSX_TSCONFIG_PATH: 'server/tsconfig.json' },
  })
})
test.afterAll(async () => {
  await server?.stop()
  await engine?.close()
  await rm(folder, { recursive: true, force: true })
})

test('an AI job submitted in the wizard reaches Completed by itself, and its DOCX holds the engine’s words', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${server.url}/login`)
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_CLERK.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_CLERK.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/my-jobs$/)

  await page.getByRole('link', { name: 'Create Job' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'General Info' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
  await page.getByRole('textbox', { name: /^Property address/ }).fill(ADDRESS)
  await expect(page.getByLabel('Audio files')).toBeEnabled()
  await page.getByLabel('Audio files').setInputFiles(path.join(folder, 'landing.mp3'))
  await expect(page.getByText('1 file', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('radio', { name: 'AI Only Transcription' })).toBeChecked()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
  const { jobId } = await acceptAndSubmit(page)

  // No person acts: the bell tells of the completion (My Jobs polls the notifications).
  const list = page.getByRole('list', { name: 'Notifications' })
  await expect(async () => {
    await page.reload()
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
    await expect(list).toContainText(`Job #${jobId} is now Completed.`, { timeout: 3_000 })
  }).toPass({ timeout: 90_000 })
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: `View details of job ${jobId}`, exact: true }).click()
  const details = page.getByRole('dialog', { name: 'Job Details' })
  await expect(details).toContainText(ADDRESS)
  await expect(details).toContainText('Completed')
  const docxButton = details.getByRole('button', { name: /^Download transcript file .*\.docx$/ })
  const [download] = await Promise.all([page.waitForEvent('download'), docxButton.click()])
  const saved = path.join(folder, 'downloaded.docx')
  await download.saveAs(saved)
  const { stdout } = await run('unzip', ['-p', saved, 'word/document.xml'], { maxBuffer: 10 * 1024 * 1024 })
  const text = stdout.replace(/<[^>]+>/g, ' ')
  expect(text).toContain(ADDRESS)
  expect(text).toContain(STAND_IN_WORDS)
  expect(engine.calls.length).toBeGreaterThan(0)
})
