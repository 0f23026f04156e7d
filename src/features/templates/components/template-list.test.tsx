import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aTemplate, renderPage, setUpFakeApi, type FakeReply } from './templates-test-kit'
import { TemplateManagement } from './template-management'

const api = setUpFakeApi()

const FILE_ROUTE = 'GET /files/11/clerks/c1/templates/t1/My%20Report%20%231.docx'

let saved: { name: string; href: string; blob: Blob | undefined }[]
let created: Blob[]
let alerts: string[]

beforeEach(() => {
  saved = []
  created = []
  alerts = []
  // jsdom has no object URLs and does not download: record what would be saved instead.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      created.push(blob)
      return `blob:saved-${created.length}`
    },
    revokeObjectURL: () => undefined,
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: created.at(-1) })
  })
  vi.spyOn(window, 'alert').mockImplementation((message?: string) => void alerts.push(String(message)))
})

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
})

async function renderList() {
  api.answer('GET /clerk-template', { status: 200, body: [aTemplate] })
  const rendered = renderPage(<TemplateManagement />)
  const download = await screen.findByRole('button', { name: 'Download template Check-in report' })
  return { ...rendered, download }
}

describe('TemplateList downloads', () => {
  it('fetches the file at its encoded path with the Bearer token and saves it under its base name', async () => {
    api.answer(FILE_ROUTE, { status: 200, file: 'template body', fileName: 'My Report #1.docx' })
    const { user, download } = await renderList()
    await user.click(download)

    await waitFor(() => expect(saved).toHaveLength(1))
    const request = api.requests.find((seen) => seen.url.startsWith('/api/files/'))
    expect(request?.url).toBe('/api/files/11/clerks/c1/templates/t1/My%20Report%20%231.docx')
    expect(request?.authorization).toBe('Bearer test-token')
    expect(saved[0]?.name).toBe('My Report #1.docx')
    expect(saved[0]?.href).toBe('blob:saved-1')
    expect(await saved[0]?.blob?.text()).toBe('template body')
    expect(document.querySelector('a[download]')).toBeNull()
    expect(alerts).toEqual([])
  })

  it.each<[string, FakeReply]>([
    ['404', { status: 404, body: { detail: 'Not found' } }],
    ['500', { status: 500 }],
    ['no answer', 'network'],
  ])('alerts "Failed to download template file. Please try again." on a failed download (%s)', async (_, reply) => {
    api.answer(FILE_ROUTE, reply)
    const { user, download } = await renderList()
    await user.click(download)
    await waitFor(() => expect(alerts).toEqual(['Failed to download template file. Please try again.']))
    expect(saved).toEqual([])
    expect(screen.getByRole('button', { name: 'Download template Check-in report' })).not.toHaveAttribute('aria-disabled', 'true')
  })

  it('ends the session on a 403 and goes to sign in', async () => {
    api.answer(FILE_ROUTE, { status: 403, body: { detail: 'Not authenticated' } })
    const { user, download } = await renderList()
    await user.click(download)
    expect(await screen.findByLabelText('current path')).toHaveTextContent(/^\/login$/)
    expect(sessionStorage.getItem('auth_token')).toBeNull()
    expect(alerts).toEqual([])
  })
})
