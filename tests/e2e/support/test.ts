import { test as base, expect } from '@playwright/test'

export const test = base.extend({
  // The server's address is only known once global setup has started it.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: the e2e global setup did not run.')
    await use(url)
  },
})

export { expect }
