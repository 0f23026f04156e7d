import { render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it } from 'vitest'
import { JOB_STATUS_LABELS } from '../lib/job-status'
import { JobStatusBadge } from './job-status-badge'

const renderBadge = (status: string | null) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <JobStatusBadge status={status} />
    </FluentProvider>,
  )

describe('JobStatusBadge', () => {
  it('writes out the label of a raw status', () => {
    renderBadge('IN_PROGRESS')
    expect(screen.getByText('In Progress')).toBeInTheDocument()
  })

  it('falls back to Submitted for an unknown status and shows nothing for an empty one', () => {
    renderBadge('weird')
    expect(screen.getByText('Submitted')).toBeInTheDocument()
    const { container } = renderBadge('')
    expect(container.textContent).toBe('')
  })

  it('gives each status its own colour', () => {
    const looks = JOB_STATUS_LABELS.map((label) => {
      const { unmount } = renderBadge(label)
      const badge = screen.getByText(label)
      const look = getComputedStyle(badge).backgroundColor + getComputedStyle(badge).color + badge.className
      unmount()
      return look
    })
    expect(new Set(looks).size).toBe(JOB_STATUS_LABELS.length)
  })
})
