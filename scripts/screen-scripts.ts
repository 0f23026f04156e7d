// The script tags of a prerendered document that starts its scripts after its paint (login.html and
// my-jobs.html; scripts/prerender-screens.ts), from index.html's. Its screen is already in the HTML,
// so no script takes part in its paint, and none is fetched before it: one small classic script,
// src/app/start-after-paint.js, written minified into the document itself, starts the entry and
// preloads the route's chunks once the screen has been painted. Inline, it costs no request: as a file
// of its own it was one more round trip (about 0.3 s on a slow 4G) before any chunk was asked for
// (docs/decisions/loader-in-the-document.md); the server allows it by its hash (security-headers.ts).
// Lighthouse's simulation takes every module script that arrived before the first paint for part of it
// (it cannot see when a module ran), and whether the scripts beat the paint on a fast machine decided
// between an LCP of 0.9 and of 3 s.
// Each document preloads its own route's chunks (index.html preloads the sign-in route's, which
// /my-jobs never runs), so the page's chunks download beside the entry rather than after it has run.
// docs/decisions/prerendered-documents-scripts.md and docs/decisions/sign-in-scripts-after-its-paint.md.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { minify } from 'vite'

const START_AFTER_PAINT = 'start-after-paint.js'
const LOADER_SOURCE = 'src/app/start-after-paint.js'

/**
 * The loader as the documents carry it: minified, since every prerendered page holds it and its
 * comments are most of it (1.1 KB gzip with them, 0.5 without; issue 28 counts it in /login's figure).
 */
export async function minifiedLoader(root: string): Promise<string> {
  const result = await minify(START_AFTER_PAINT, await readFile(path.join(root, LOADER_SOURCE), 'utf8'), { compress: true, mangle: true })
  if (result.errors.length > 0) throw new Error(`${LOADER_SOURCE} could not be minified: ${result.errors.map((error) => error.message).join('; ')}`)
  const code = result.code.trim()
  // Inside a <script> element the text must not close it.
  if (/<\/script/i.test(code)) throw new Error(`${LOADER_SOURCE} minified holds "</script"`)
  return code
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

export interface ScreenScripts {
  /** The public path the build's files are served under (Vite's `base`). */
  base: string
  /** The chunk files the entry imports statically (Vite preloads them in index.html). */
  entryFiles: ReadonlySet<string>
  /** The chunk files of the screen's route, besides the entry's. */
  routeFiles: readonly string[]
  /** The loader's code (minifiedLoader). */
  loader: string
}

/** `indexHtml` with its entry script and preloads replaced by the screen's loader; throws when index.html has no entry script. */
export function withScreenScripts(indexHtml: string, { base, entryFiles, routeFiles, loader }: ScreenScripts): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)
  if (!entry) throw new Error('index.html has no <script type="module" crossorigin src="…"> entry')
  const entryPreloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]!).filter((href) => entryFiles.has(href.slice(base.length)))
  const preloads = [...entryPreloads, ...routeFiles.map((file) => `${base}${file}`)]
  const tag = `<script data-entry="${entry[1]}" data-preloads="${preloads.join(' ')}">${loader}</script>`
  return indexHtml.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => tag)
}
