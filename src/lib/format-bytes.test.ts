import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes'

describe('formatBytes', () => {
  it('says bytes below a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(1023)).toBe('1023 bytes')
  })

  it('uses binary units with at most one decimal', () => {
    expect(formatBytes(1024)).toBe('1 KB')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(12.5 * 1024 * 1024)).toBe('12.5 MB')
    expect(formatBytes(40 * 1024 * 1024)).toBe('40 MB')
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB')
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB')
  })

  it('moves up a unit rather than print 1,024 of one', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB')
  })

  it('reads nonsense as nothing', () => {
    expect(formatBytes(-5)).toBe('0 bytes')
    expect(formatBytes(Number.NaN)).toBe('0 bytes')
  })
})
