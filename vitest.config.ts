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

// The server suite runs twice: on the embedded PGlite and on a real PostgreSQL 15 server.
// Tests that need no database (server/test/audio, server/test/transcription) run once, with the PGlite suite.
const serverSuite = (kind: 'pglite' | 'postgres', extraIncludes: string[] = [], excludes: string[] = []) => ({
  resolve: { alias },
  test: {
    name: `server-${kind}`,
    environment: 'node' as const,
    include: ['server/test/**/*.test.ts', ...extraIncludes],
    exclude: [...configDefaults.exclude, ...excludes],
    globalSetup: [`server/test/support/global-setup-${kind}.ts`],
    // One module registry per worker, not per file: each server test file builds its own app, database
    // and data folder from explicit options, so nothing is shared but loaded code, and loading the
    // server's modules anew for every file was most of the suite's time (a 21-file sample: 99 s -> 36 s).
    // A file that mocks a module empties the registry before and after (calculate-cost-too-large.test.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    expect: { poll: POLL_LIMIT },
  },
})

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'portal',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // A limit, not a wait: a busy 2-core machine runs a Fluent page in jsdom many times slower
          // than an idle one, and 5 s (the default) was not enough. Above Testing Library's 10 s limit.
          testTimeout: 30_000,
          expect: { poll: POLL_LIMIT },
        },
      },
      // Pure server units need no database; they run once, with the PGlite suite.
      serverSuite('pglite', ['server/src/**/*.test.ts']),
      serverSuite('postgres', [], ['server/test/audio/**', 'server/test/transcription/**']),
    ],
  },
})
