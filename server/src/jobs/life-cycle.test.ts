import { describe, expect, it } from 'vitest'
import { canMove, isDeletable, moveProblem, statusNotification } from './life-cycle.ts'

describe('the job life cycle', () => {
  it('moves forward one step at a time, and may fail before completion', () => {
    expect(canMove('Submitted', 'Scheduled')).toBe(true)
    expect(canMove('Scheduled', 'In Progress')).toBe(true)
    expect(canMove('In Progress', 'Completed')).toBe(true)
    expect(canMove('In Progress', 'Failed')).toBe(true)
    expect(canMove('Completed', 'Downloaded')).toBe(true)
  })

  it('refuses skips, moves back and moves out of a final status, saying what is allowed', () => {
    expect(moveProblem('Submitted', 'Completed')).toBe('A Submitted job cannot move to Completed; it can move to Scheduled or Failed.')
    expect(moveProblem('Completed', 'In Progress')).toBe('A Completed job cannot move to In Progress; it can move to Downloaded.')
    expect(moveProblem('Failed', 'Scheduled')).toBe('A Failed job cannot change status.')
    expect(moveProblem('Scheduled', 'In Progress')).toBeNull()
  })

  it('lets only Completed or Failed jobs be deleted, as the spec says', () => {
    expect(['Submitted', 'Scheduled', 'In Progress', 'Downloaded'].map((s) => isDeletable(s as never))).toEqual([false, false, false, false])
    expect(['Completed', 'Failed'].map((s) => isDeletable(s as never))).toEqual([true, true])
  })

  it('words the notification the clerk receives', () => {
    expect(statusNotification(42, 'In Progress')).toBe('Job #42 is now In Progress.')
  })
})
