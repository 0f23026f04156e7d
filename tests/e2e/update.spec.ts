import { appendFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { test, expect } from '@playwright/test'
import { openInstalledApp, waitForServiceWorkerControl, type InstalledApp } from './support/installed-app.ts'
import { copyPortal } from './support/server.ts'

let app: InstalledApp
let portalDir: string
test.beforeAll(async () => {
  portalDir = await copyPortal()
  app = await openInstalledApp({ portalDir })
})
test.afterAll(async () => {
  await app?.close()
  await rm(portalDir, { recursive: true, force: true })
})

test('a waiting new version is offered with Reload, which brings it in', async () => {
  const { page } = app
  await page.goto('/login')
  await waitForServiceWorkerControl(page)
  await expect(page.getByText('A new version is available')).toBeHidden()

  // Deploy a new version: any byte change of the service worker makes the browser install it.
  await appendFile(path.join(portalDir, 'sw.js'), `\n// next release ${Date.now()}\n`)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })
  await expect(prompt).toBeVisible({ timeout: 30_000 })
  const waitingBefore = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)
  expect(waitingBefore).toBe(true)

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()])

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByText('A new version is available')).toBeHidden()
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    return { waiting: !!registration?.waiting, controlled: navigator.serviceWorker.controller !== null }
  })
  expect(after).toEqual({ waiting: false, controlled: true })
})
