import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { useEffect, useState, type ReactNode } from 'react'
import { BrowserRouter, Link, MemoryRouter, NavLink, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { LEAVE_TEXT, LeaveGuardHost, useLeaveProtection } from './leave-protection'
import { installHistoryGate } from './history-gate'
import { FORCED_LOGOUT_KEY } from './session'

// As the app does (src/app/app.tsx), before any router listens to Back/Forward.
installHistoryGate()

/** A stand-in for the Create Job wizard: a field whose text is the unsaved state, and its own Cancel Job. */
function Wizard() {
  const [address, setAddress] = useState('')
  const { requestLeave, leaveDialog } = useLeaveProtection(address !== '')
  return (
    <main>
      <h1>Create Job</h1>
      <label>
        Property address
        <input value={address} onChange={(event) => setAddress(event.target.value)} />
      </label>
      <button type="button" onClick={() => requestLeave('/my-jobs')}>
        Cancel Job
      </button>
      <a href="/template-management">Plain link</a>
      <a href="/my-jobs" target="_blank">
        New tab link
      </a>
      <a href="/my-jobs" download>
        Download link
      </a>
      <a href="#steps">Skip to the steps</a>
      <a href="https://example.org/help">Another site</a>
      {leaveDialog}
    </main>
  )
}

/** How the app itself navigates (a sign-out, a 403): never asked about. */
let appNavigate: NavigateFunction = () => undefined

function Where() {
  const navigate = useNavigate()
  useEffect(() => {
    appNavigate = navigate
  }, [navigate])
  const location = useLocation()
  return <output aria-label="Location">{`${location.pathname}${location.hash}`}</output>
}

/** The app frame as far as leaving goes: the host of the dialog, the sidebar's NavLinks and the pages. */
function Frame() {
  return (
    <FluentProvider theme={webLightTheme}>
      <LeaveGuardHost>
        <nav aria-label="Main">
          <NavLink to="/my-jobs">My Jobs</NavLink>
          <NavLink to="/create-job">Create Job</NavLink>
        </nav>
        <Where />
        <Routes>
          <Route path="/create-job" element={<Wizard />} />
          <Route path="/my-jobs" element={<h1>My Jobs</h1>} />
          <Route path="/template-management" element={<h1>Template Management</h1>} />
        </Routes>
      </LeaveGuardHost>
    </FluentProvider>
  )
}

/** Rendered into #root as the app is: a dialog gone with its page gives #root back to screen readers (modal-hiding.ts). */
function renderApp(ui: ReactNode) {
  const root = document.body.appendChild(document.createElement('div'))
  root.id = 'root'
  render(ui, { container: root })
}

function renderInMemory() {
  renderApp(
    <MemoryRouter initialEntries={['/create-job']}>
      <Frame />
    </MemoryRouter>,
  )
}

const address = () => screen.getByRole('textbox', { name: 'Property address' })
const location = () => screen.getByRole('status', { name: 'Location' })
const leaveDialog = () => screen.findByRole('alertdialog', { name: LEAVE_TEXT.title })
const sidebarLink = (name: string) => screen.getByRole('link', { name })

/** Stay closes the dialog; the page is back for screen readers once Fluent has settled. */
async function stayOn(path: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(location()).toHaveTextContent(path))
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
}

/**
 * Leave as a person answers: after reading the question, by when Fluent has hidden the page behind
 * the dialog (on its own timer). The next page must not stay hidden from screen readers then.
 */
async function leaveAfterReading() {
  const dialog = await leaveDialog()
  await waitFor(() => expect(document.getElementById('root')).toHaveAttribute('aria-hidden', 'true'))
  await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }))
}

async function makeDirty() {
  await userEvent.type(address(), '12 High Street')
}

/**
 * A click as the browser makes it: true when it went through untouched (nothing prevented its default
 * action). jsdom cannot follow a link to another document, so the test stops it once it has looked.
 */
function click(element: Element, init: MouseEventInit = {}): boolean {
  let untouched = false
  const look = (event: Event) => {
    untouched = !event.defaultPrevented
    event.preventDefault()
  }
  window.addEventListener('click', look, { once: true })
  fireEvent.click(element, { button: 0, ...init })
  window.removeEventListener('click', look)
  return untouched
}

describe('useLeaveProtection with nothing unsaved', () => {
  it('lets every way out go at once', async () => {
    renderInMemory()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Job' }))
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    await userEvent.click(sidebarLink('Create Job'))
    await userEvent.click(sidebarLink('My Jobs'))
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('adds no unload warning', () => {
    renderInMemory()
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(false)
  })
})

describe('useLeaveProtection with unsaved changes', () => {
  it('asks before a sidebar link leaves; Stay keeps the page and what was typed', async () => {
    renderInMemory()
    await makeDirty()
    await userEvent.click(sidebarLink('My Jobs'))

    const dialog = await leaveDialog()
    expect(dialog).toHaveAccessibleDescription(LEAVE_TEXT.message)
    expect(screen.getByText('You have unsaved changes. Are you sure you want to leave this page? All progress will be lost.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus()

    await stayOn('/create-job')
    expect(address()).toHaveValue('12 High Street')
  })

  it('goes where the link was going on Leave', async () => {
    renderInMemory()
    await makeDirty()
    await userEvent.click(sidebarLink('My Jobs'))
    await leaveAfterReading()
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(location()).toHaveTextContent('/my-jobs')
  })

  it("asks before the screen's own leave (Cancel Job), and Leave goes to its address", async () => {
    renderInMemory()
    await makeDirty()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Job' }))
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
  })

  it('catches any in-app <a href>, not only the router links', async () => {
    renderInMemory()
    await makeDirty()
    expect(click(screen.getByRole('link', { name: 'Plain link' }))).toBe(false)
    expect(await leaveDialog()).toBeInTheDocument()
  })

  it('lets through what does not leave the page: a new tab, a download, a #fragment, a modified click, this page itself', async () => {
    renderInMemory()
    await makeDirty()
    expect(click(screen.getByRole('link', { name: 'New tab link' }))).toBe(true)
    expect(click(screen.getByRole('link', { name: 'Download link' }))).toBe(true)
    expect(click(screen.getByRole('link', { name: 'Skip to the steps' }))).toBe(true)
    expect(click(screen.getByRole('link', { name: 'Plain link' }), { ctrlKey: true })).toBe(true)
    expect(click(screen.getByRole('link', { name: 'Plain link' }), { button: 1 })).toBe(true)
    // Another site unloads the page: the browser's own warning asks then.
    expect(click(screen.getByRole('link', { name: 'Another site' }))).toBe(true)
    await userEvent.click(sidebarLink('Create Job'))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(address()).toHaveValue('12 High Street')
  })

  it('takes the question back when the app itself takes the page away (a sign-out, a 403)', async () => {
    renderInMemory()
    await makeDirty()
    await userEvent.click(sidebarLink('My Jobs'))
    expect(await leaveDialog()).toBeInTheDocument()
    act(() => void appNavigate('/template-management'))
    expect(await screen.findByRole('heading', { name: 'Template Management' })).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('asks the browser for its unload warning', async () => {
    renderInMemory()
    await makeDirty()
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)
  })
})

describe('useLeaveProtection in a screen rendered without the host', () => {
  it('asks with a dialog of its own', async () => {
    renderApp(
      <MemoryRouter initialEntries={['/create-job']}>
        <FluentProvider theme={webLightTheme}>
          <Where />
          <Wizard />
        </FluentProvider>
      </MemoryRouter>,
    )
    await makeDirty()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Job' }))
    expect(await leaveDialog()).toHaveAccessibleDescription(LEAVE_TEXT.message)
    await stayOn('/create-job')
    expect(address()).toHaveValue('12 High Street')
  })
})

describe('useLeaveProtection after a forced logout', () => {
  it('neither asks nor warns', async () => {
    renderInMemory()
    await makeDirty()
    sessionStorage.setItem(FORCED_LOGOUT_KEY, 'true')

    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(false)

    await userEvent.click(sidebarLink('My Jobs'))
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})

describe('useLeaveProtection and the browser Back button', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  async function openWizardInBrowser(children?: ReactNode) {
    window.history.replaceState(null, '', '/my-jobs')
    renderApp(
      <BrowserRouter>
        <Frame />
        {children}
      </BrowserRouter>,
    )
    await userEvent.click(sidebarLink('Create Job'))
    await makeDirty()
  }

  it('undoes the step and asks; Stay keeps the page, its address and what was typed', async () => {
    await openWizardInBrowser()
    act(() => window.history.back())

    expect(await leaveDialog()).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe('/create-job'))
    await stayOn('/create-job')
    expect(address()).toHaveValue('12 High Street')
  })

  it('takes the step again on Leave', async () => {
    await openWizardInBrowser()
    act(() => window.history.back())
    await waitFor(() => expect(window.location.pathname).toBe('/create-job'))
    await leaveAfterReading()

    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/my-jobs')
    expect(location()).toHaveTextContent('/my-jobs')
  })

  it('lets a Back step between #fragments of the page through', async () => {
    await openWizardInBrowser(<Link to="/create-job#steps">Steps of this page</Link>)
    await userEvent.click(screen.getByRole('link', { name: 'Steps of this page' }))
    await waitFor(() => expect(location()).toHaveTextContent('/create-job#steps'))
    act(() => window.history.back())
    await waitFor(() => expect(location()).toHaveTextContent(/^\/create-job$/))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
