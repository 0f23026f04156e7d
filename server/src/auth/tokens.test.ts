import { describe, expect, it } from 'vitest'
import { openWithToken, randomToken, sealWithToken } from './tokens.ts'

describe('sealing a value with a token', () => {
  it('opens with the token it was sealed with, and with no other', () => {
    const token = randomToken()
    const successor = randomToken()
    const sealed = sealWithToken(token, successor)
    expect(sealed).not.toContain(successor)
    expect(openWithToken(token, sealed)).toBe(successor)
    expect(openWithToken(randomToken(), sealed)).toBeNull()
  })

  it('refuses an altered or malformed seal', () => {
    const token = randomToken()
    const [iv, tag, body] = sealWithToken(token, 'value').split('.')
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`
    expect(openWithToken(token, [iv, tag, flipped].join('.'))).toBeNull()
    expect(openWithToken(token, 'not-a-seal')).toBeNull()
  })
})
