import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, testChromiumPath } from './tests/e2e/support/chromium.ts'
import { middayTimeZone } from './tests/e2e/support/midday-zone.ts'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Limits, not waits: every expect retries until its condition holds. On a busy 2-core machine a
  // page can take several seconds to render after a navigation, more than the 5 s default of expect;
  // a journey that signs in, makes jobs with the operator command and walks several pages can take
  // more than a minute.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
    // No spec's clock jump may cross midnight (support/midday-zone.ts).
    timezoneId: middayTimeZone(),
    // On a developer's machine a failed test keeps its trace: the action log, the network and a DOM
    // snapshot of each step, not the screencast (recording it for every test, to throw it away when
    // the test passes, cost about 14 % of a spec's CPU). In CI no trace is recorded: only the run's
    // output is kept there, so a trace could never be opened, and recording one for every test cost
    // about a fifth of the e2e's CPU (docs/research/test-suite-time.md). The failure's screenshot and
    // the error with its call log are still written; `--trace on` records one when wanted.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // No service worker unless a spec asks for it: each test's new context installed the worker anew,
    // and its precache fetched every file of the portal, about a fifth of the e2e's CPU on 2 cores (a
    // clerk's browser installs it once). The specs whose subject is the worker, the offline portal or
    // the installed app allow it (`test.use({ serviceWorkers: 'allow' })`, support/installed-app.ts);
    // docs/decisions/e2e-service-worker-where-it-is-the-subject.md.
    serviceWorkers: 'block',
  },
})
