// A join's work folder left by a server killed mid-join (DATA_DIR/joining/<uuid>/) is swept when the
// server starts, but only once nothing in it has changed for longer than a join can run: another
// process sharing the data folder may be joining in a folder of its own.
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { JOIN_LEFTOVER_AGE_MS } from '../../src/create-job/join-leftovers.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** A work folder whose folder and files were last changed `ageMs` ago (or `fileAgeMs` for its files). */
function workFolder(root: string, name: string, ageMs: number, fileAgeMs = ageMs): string {
  const folder = path.join(root, name)
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, 'Joined recording.webm')
  writeFileSync(file, 'partial output')
  const at = (ms: number) => new Date(Date.now() - ms)
  utimesSync(file, at(fileAgeMs), at(fileAgeMs))
  utimesSync(folder, at(ageMs), at(ageMs))
  return folder
}

describe('join leftovers', () => {
  let t: TestApp
  afterEach(() => t.app.close())

  it('removes at start the work folders untouched for longer than a join can run, and keeps any that may be running', async () => {
    t = await createTestApp()
    const root = path.join(t.app.config.dataDir, 'joining')
    const minute = 60_000
    workFolder(root, 'killed-mid-join', JOIN_LEFTOVER_AGE_MS + minute)
    workFolder(root, 'another-process-waiting', JOIN_LEFTOVER_AGE_MS - minute)
    // An old folder whose output ffmpeg is still writing: a join of another process, alive.
    workFolder(root, 'another-process-encoding', JOIN_LEFTOVER_AGE_MS + minute, 1000)

    await t.app.ready()
    expect(readdirSync(root).sort()).toEqual(['another-process-encoding', 'another-process-waiting'])
    expect(existsSync(path.join(root, 'killed-mid-join'))).toBe(false)
  })

  it('starts with no joining folder at all', async () => {
    t = await createTestApp()
    await t.app.ready()
    expect(existsSync(path.join(t.app.config.dataDir, 'joining'))).toBe(false)
  })
})
