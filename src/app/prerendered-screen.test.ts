import { describe, expect, it } from 'vitest'
import { holdsPrerenderedScreen } from './prerendered-screen'

function root(prerenderedPath?: string): HTMLElement {
  const element = document.createElement('div')
  if (prerenderedPath) element.setAttribute('data-prerendered', prerenderedPath)
  return element
}

describe('whether the entry hydrates the document it was given', () => {
  it('hydrates /login’s prerendered form on a plain visit, and after a redirect that only says where from', () => {
    expect(holdsPrerenderedScreen(root('/login'), '/login', null, false)).toBe(true)
    expect(holdsPrerenderedScreen(root('/login'), '/login', { usr: { from: '/my-jobs' }, key: 'k1', idx: 0 }, false)).toBe(true)
  })

  it('hydrates /login reached with a message only: the form draws the message once it has taken over', () => {
    for (const usr of [{ passwordReset: true }, { sessionExpired: true }, { registered: true }]) {
      expect(holdsPrerenderedScreen(root('/login'), '/login', { usr, key: 'k1', idx: 0 }, false)).toBe(true)
    }
  })

  it('draws afresh a /login reached with a new account’s email filled in, which the prerendered form does not have', () => {
    expect(holdsPrerenderedScreen(root('/login'), '/login', { usr: { registered: true, email: 'clerk@example.com' }, key: 'k1', idx: 0 }, false)).toBe(false)
  })

  it('draws afresh any document not prerendered for the path it is at', () => {
    expect(holdsPrerenderedScreen(root(), '/login', null, false)).toBe(false)
    expect(holdsPrerenderedScreen(root('/login'), '/my-jobs', null, false)).toBe(false)
    expect(holdsPrerenderedScreen(root('/login'), '/login/', null, false)).toBe(false)
  })

  it('hydrates the prerendered My Jobs shell for a visitor with a session (live or expired), and draws the redirect to /login for one without', () => {
    expect(holdsPrerenderedScreen(root('/my-jobs'), '/my-jobs', null, true)).toBe(true)
    expect(holdsPrerenderedScreen(root('/my-jobs'), '/my-jobs', null, false)).toBe(false)
    expect(holdsPrerenderedScreen(root('/my-jobs'), '/dashboard', null, true)).toBe(false)
    expect(holdsPrerenderedScreen(root('/login'), '/login', null, true)).toBe(true)
  })
})
