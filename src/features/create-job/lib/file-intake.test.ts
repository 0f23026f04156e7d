import { describe, expect, it } from 'vitest'
import { draftFile } from '../draft/wizard-draft'
import { takeFiles, type IntakeRules } from './file-intake'

const rules: IntakeRules = {
  allowed: ['mp3', 'wav'],
  maxFiles: 3,
  maxBytes: 10,
  typeRefused: (allowed) => `Only audio files of type ${allowed.join(', ')} are allowed.`,
  tooMany: (max) => `A job can carry at most ${max} audio files.`,
  tooLarge: (name) => `${name} is too large.`,
}
const file = (name: string, size = 5) => new File([new Uint8Array(size)], name)

describe('takeFiles', () => {
  it('takes allowed files with ids of their own, and refuses other types by name with the spec’s message', () => {
    const { added, problems } = takeFiles([file('a.mp3'), file('b.txt'), file('C.WAV')], [], rules)
    expect(added.map((f) => f.name)).toEqual(['a.mp3', 'C.WAV'])
    expect(new Set(added.map((f) => f.id)).size).toBe(2)
    expect(problems).toEqual(['“b.txt” cannot be added. Only audio files of type mp3, wav are allowed.'])
  })

  it('does not add a file already in the list (same name and size) twice', () => {
    const kept = [draftFile(file('a.mp3'), 'k1')]
    expect(takeFiles([file('a.mp3'), file('a.mp3', 6)], kept, rules).added.map((f) => f.size)).toEqual([6])
  })

  it('says a file is too large, and stops at the most files a job carries', () => {
    expect(takeFiles([file('big.mp3', 11)], [], rules)).toEqual({ added: [], problems: ['big.mp3 is too large.'] })
    const kept = [draftFile(file('a.mp3'), 'k1'), draftFile(file('b.mp3'), 'k2')]
    const { added, problems } = takeFiles([file('c.mp3'), file('d.mp3')], kept, rules)
    expect(added.map((f) => f.name)).toEqual(['c.mp3'])
    expect(problems).toEqual(['A job can carry at most 3 audio files.'])
  })
})
