import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@contract': path.resolve(import.meta.dirname, 'contract'),
}

// How long expect.poll waits for its condition. Vitest's default of 1 s is a timing assumption (a
// mail sent after answering, a child process's log line, a sweep's file work on a busy 2-core
// machine); a passing poll returns as soon as its condition holds, so a generous limit costs nothing.
const POLL_LIMIT = { timeout: 15_000 }

// Test files share their worker's loaded modules (isolate: false): loading the server, or React,
// Fluent and jsdom's page, anew for each file was most of the suites' time. A file that replaces a
// module (vi.mock, vi.doMock) cannot share them: the real module may already be loaded by an earlier
// file. Those files are found by reading them, so a new one takes care of itself, and run in a
// project of their own, isolated. (The portal's shared files also share one jsdom window and its
// module state, such as TanStack Query's onlineManager: src/test/setup.ts puts both back after each
// file; docs/research/test-suite-time.md.)
const filesThatMock = (folder: string) =>
  readdirSync(path.join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')))
const serverFilesThatMock = filesThatMock('server')
const portalFilesThatMock = filesThatMock('src')

type Files = { isolate: boolean; include?: string[]; exclude?: string[] }
const shared = (filesThatMock: string[]): Files => ({ isolate: false, exclude: filesThatMock })
const isolated = (filesThatMock: string[]): Files => ({ isolate: true, include: filesThatMock })

const portalSuite = (name: string, files: Files) => ({
  plugins: [react()],
  resolve: { alias },
  test: {
    name,
    environment: 'jsdom' as const,
    include: files.include ?? ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    isolate: files.isolate,
    setupFiles: ['src/test/setup.ts'],
    // A limit, not a wait: a busy 2-core machine runs a Fluent page in jsdom many times slower
    // than an idle one, and 5 s (the default) was not enough. Above Testing Library's 10 s limit.
    testTimeout: 30_000,
    expect: { poll: POLL_LIMIT },
  },
})

// The server suite runs twice: on the embedded PGlite and on a real PostgreSQL 15 server.
const serverSuite = (name: string, kind: 'pglite' | 'postgres', files: Files) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node' as const,
    include: files.include ?? ['server/test/**/*.test.ts', ...(kind === 'pglite' ? ['server/src/**/*.test.ts'] : [])],
    exclude: [
      ...configDefaults.exclude,
      ...(files.exclude ?? []),
      // Tests that need no database run once, with the PGlite suite.
      ...(kind === 'postgres' ? ['server/src/**', 'server/test/audio/**', 'server/test/transcription/**'] : []),
    ],
    globalSetup: [`server/test/support/global-setup-${kind}.ts`],
    // Each server test file builds its own app, database and data folder from explicit options, so
    // sharing a worker's modules shares nothing but loaded code (a 21-file sample: 99 s -> 36 s).
    isolate: files.isolate,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    expect: { poll: POLL_LIMIT },
  },
})

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then idles
    // whenever a test waits for PostgreSQL, ffmpeg or a child process. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      portalSuite('portal', shared(portalFilesThatMock)),
      portalSuite('portal-mocking', isolated(portalFilesThatMock)),
      serverSuite('server-pglite', 'pglite', shared(serverFilesThatMock)),
      serverSuite('server-pglite-mocking', 'pglite', isolated(serverFilesThatMock)),
      serverSuite('server-postgres', 'postgres', shared(serverFilesThatMock)),
      serverSuite('server-postgres-mocking', 'postgres', isolated(serverFilesThatMock)),
    ],
  },
})
