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

// Server test files share their worker's loaded modules (isolate: false): loading the server anew for
// each file was most of that suite's time. A file that replaces a module (vi.mock, vi.doMock) cannot
// share them: the real module may already be loaded by an earlier file. Those files are found by
// reading them, so a new one takes care of itself, and run in a project of their own, isolated.
// (The portal's files stay isolated: they share one jsdom window's worth of module state, such as
// TanStack Query's onlineManager and Fluent's focus manager, and a shared registry let one file's
// "offline" or leftover nodes reach the next; docs/research/test-suite-time.md.)
const serverFilesThatMock = readdirSync(path.join(import.meta.dirname, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `server/${file}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')))

// Files that need the S3-protocol server end in .s3.test.ts and run in a project of their own, so the
// server (about 20 s to start) starts once per run, and only when one of them is in it.
const OBJECT_STORAGE_FILES = 'server/test/**/*.s3.test.ts'

// Server test files that open no database (no test app, no server process): what they test reads the
// same on PGlite and on PostgreSQL, so they run once, with the PGlite suite. Listed by hand, each
// checked: a file that starts using the database must come off this list (it would lose its
// PostgreSQL run). docs/research/test-suite-time.md.
const DATABASE_FREE_FILES = [
  'server/test/mailer.test.ts', // the SMTP transport and the outbox folder
  'server/test/money/cents.test.ts', // parsing and formatting cents
  'server/test/start-flags.test.ts', // package.json and docs/deploy.md read as text
  'server/test/storage/open-while-removed.test.ts', // local storage's open() against a removed file
  'server/test/storage/s3-ready-silent-storage.test.ts', // the S3 storage's readiness question
  'server/test/support/pdf-text.test.ts', // the tests' PDF reader
  'server/test/uploads/audio-signatures.test.ts', // content checks of audio files
  'server/test/uploads/multipart-form.test.ts', // multipart reading on a bare Fastify
  'server/test/uploads/receive-upload.test.ts', // streaming into local storage
]

type Files = { isolate: boolean; include?: string[]; exclude?: string[] }
const shared: Files = { isolate: false, exclude: serverFilesThatMock }
const isolated: Files = { isolate: true, include: serverFilesThatMock }

// The portal's files run in Vitest's vmForks pool: each file still gets a fresh jsdom window and fresh
// modules of its own (a VM context), but the worker process and its loaded node_modules code are kept
// from file to file, where the forks pool started a process and a jsdom per file. Quiet, the whole
// portal project: 296 s -> 192 s wall, 565 s -> 334 s CPU (docs/research/test-suite-time.md). A
// worker is replaced once it holds 1 GB (VM contexts are never wholly freed); the default, a share of
// the machine's memory, let them grow to 4 GB and run slower. Inside jsdom's window a few of Node's
// globals are missing (src/test/setup.ts puts back the ones the portal uses).
const PORTAL_VM_MEMORY_LIMIT = '1GB'

// Files that take a page global away (vi.stubGlobal('document', undefined), as a torn-down test
// environment does) stay in the forks pool: in jsdom's own window `document` cannot be redefined.
const PORTAL_PROCESS_FILES = ['src/lib/modal-hiding.test.ts']

const portalSuite = (name: string, pool: 'vmForks' | 'forks', files: { include?: string[]; exclude?: string[] }) => ({
  plugins: [react()],
  resolve: {
    alias: {
      ...alias,
      // Its package's "node" entry is CommonJS requiring react-router's ES build, which a VM context's
      // require cannot load; the browser's entry (ES throughout) is what the portal is built with.
      'react-router-dom': path.resolve(import.meta.dirname, 'node_modules/react-router-dom/dist/index.mjs'),
    },
  },
  test: {
    name,
    environment: 'jsdom' as const,
    setupFiles: ['src/test/setup.ts'],
    // A limit, not a wait: a busy 2-core machine runs a Fluent page in jsdom many times slower
    // than an idle one, and 5 s (the default) was not enough. Above Testing Library's 10 s limit.
    testTimeout: 30_000,
    expect: { poll: POLL_LIMIT },
    include: files.include ?? ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    pool,
  },
})

// The server suite runs twice: on the embedded PGlite and on a real PostgreSQL 15 server.
/** First of a server project's setups: the run's own temporary folder, removed at its end. */
const RUN_FOLDER_SETUP = 'server/test/support/global-setup-run-folder.ts'

const serverSuite = (name: string, kind: 'pglite' | 'postgres', files: Files) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node' as const,
    include: files.include ?? ['server/test/**/*.test.ts', ...(kind === 'pglite' ? ['server/src/**/*.test.ts'] : [])],
    exclude: [
      ...configDefaults.exclude,
      ...(files.exclude ?? []),
      OBJECT_STORAGE_FILES,
      // Tests that need no database run once, with the PGlite suite.
      ...(kind === 'postgres' ? ['server/src/**', 'server/test/audio/**', 'server/test/transcription/**', ...DATABASE_FREE_FILES] : []),
    ],
    globalSetup: [RUN_FOLDER_SETUP, `server/test/support/global-setup-${kind}.ts`],
    // Each server test file builds its own app, database and data folder from explicit options, so
    // sharing a worker's modules shares nothing but loaded code (a 21-file sample: 99 s -> 36 s).
    isolate: files.isolate,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    expect: { poll: POLL_LIMIT },
  },
})

// On PGlite only: what it adds is the storage, the same for either database.
const objectStorageSuite = {
  resolve: { alias },
  test: {
    name: 'server-s3',
    environment: 'node' as const,
    include: [OBJECT_STORAGE_FILES],
    globalSetup: [RUN_FOLDER_SETUP, 'server/test/support/global-setup-pglite.ts', 'server/test/support/global-setup-object-storage.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    expect: { poll: POLL_LIMIT },
  },
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then idles
    // whenever a test waits for PostgreSQL, ffmpeg, a child process or a server's timer. One more
    // worker than the cores keeps them busy through those waits: quiet on 2 cores, the whole run took
    // 524 s with two workers and 424 s with three (docs/research/test-suite-time.md).
    maxWorkers: availableParallelism() + 1,
    // Only the vmForks pool reads it (the portal's files), and only from here: a project's own is ignored.
    vmMemoryLimit: PORTAL_VM_MEMORY_LIMIT,
    projects: [
      portalSuite('portal', 'vmForks', { exclude: PORTAL_PROCESS_FILES }),
      portalSuite('portal-forks', 'forks', { include: PORTAL_PROCESS_FILES }),
      serverSuite('server-pglite', 'pglite', shared),
      serverSuite('server-pglite-mocking', 'pglite', isolated),
      serverSuite('server-postgres', 'postgres', shared),
      serverSuite('server-postgres-mocking', 'postgres', isolated),
      objectStorageSuite,
    ],
  },
})
