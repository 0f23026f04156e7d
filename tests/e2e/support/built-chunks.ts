// The built portal's chunks as the e2e specs need them: a source module's file, from the manifest of
// the build the server serves, and a way to hold a file's requests, to see a document before its
// scripts have run.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'

type Manifest = Record<string, { file: string; name?: string }>

const readManifest = () => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../dist/.vite/manifest.json'), 'utf8')) as Manifest

/** The chunk file for a source module (`index.html`: the entry), without the leading /. */
export function chunkOf(module: string): string {
  const chunk = readManifest()[module]
  if (!chunk) throw new Error(`the build manifest has no chunk for ${module}`)
  return chunk.file
}

/**
 * The file of a chunk the build named (scripts/first-route-chunks.ts: `entry-shared`, `sign-in`,
 * `signed-in-first`), without the leading /. The first routes' modules are in those chunks, which the
 * manifest lists by name, not by module.
 */
export function chunkNamed(name: string): string {
  const chunks = Object.values(readManifest()).filter((chunk) => chunk.name === name)
  if (chunks.length !== 1) throw new Error(`the build manifest has ${chunks.length} chunks named ${name}`)
  return chunks[0]!.file
}

/**
 * Holds every request for `file` until the returned function is called. Only requests that reach the
 * network: a service worker's answer from its cache passes.
 */
export async function holdRequests(page: Page, file: string): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/${file}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}
