import { describe, expect, it } from 'vitest'
import { acceptAttribute, extensionOf, shortFileName, splitByExtension } from './file-extensions'

const file = (name: string) => new File(['x'], name)
const names = (files: File[]) => files.map((one) => one.name)

describe('extensionOf', () => {
  it('reads the last extension in lower case, without the dot', () => {
    expect(extensionOf('Kitchen.MP3')).toBe('mp3')
    expect(extensionOf('walk.through.m4a')).toBe('m4a')
    expect(extensionOf('notes')).toBe('')
    expect(extensionOf('notes.')).toBe('')
    expect(extensionOf('archive.tar-gz')).toBe('')
  })
})

describe('splitByExtension', () => {
  it('keeps allowed files in order and refuses the others, whatever the case of the extension', () => {
    const { accepted, refused } = splitByExtension(
      [file('one.mp3'), file('photo.JPG'), file('two.WAV'), file('noext'), file('three.m4a')],
      ['mp3', 'wav', 'm4a'],
    )
    expect(names(accepted)).toEqual(['one.mp3', 'two.WAV', 'three.m4a'])
    expect(names(refused)).toEqual(['photo.JPG', 'noext'])
  })

  it('refuses everything when nothing is allowed', () => {
    expect(names(splitByExtension([file('one.mp3')], []).refused)).toEqual(['one.mp3'])
  })
})

describe('acceptAttribute', () => {
  it('lists the extensions for an input accept attribute', () => {
    expect(acceptAttribute(['mp3', 'wav', 'm4a'])).toBe('.mp3,.wav,.m4a')
    expect(acceptAttribute([])).toBe('')
  })
})

describe('shortFileName', () => {
  it('leaves a name of 15 characters or fewer alone', () => {
    expect(shortFileName('kitchen.mp3')).toBe('kitchen.mp3')
    expect(shortFileName('abcdefghijk.mp3')).toBe('abcdefghijk.mp3')
  })

  it('cuts a longer name to 15 characters: its start, an ellipsis, and the extension as written', () => {
    expect(shortFileName('inspection-kitchen.mp3')).toBe('inspection….mp3')
    expect(shortFileName('abcdefghijkl.mp3')).toBe('abcdefghij….mp3')
    expect(shortFileName('Flat 4 inspection.WEBM')).toBe('Flat 4 in….WEBM')
    expect(Array.from(shortFileName('inspection-kitchen.mp3'))).toHaveLength(15)
  })

  it('cuts at the end when there is no extension, or no room for the name before it', () => {
    expect(shortFileName('recording-from-tuesday')).toBe('recording-from…')
    expect(shortFileName('a.verylongextension1')).toBe('a.verylongexte…')
  })

  it('counts characters, so an emoji is never split', () => {
    expect(shortFileName('🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠.mp3')).toBe('🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠….mp3')
  })

  it('takes another maximum', () => {
    expect(shortFileName('inspection-kitchen.mp3', 10)).toBe('inspe….mp3')
  })
})
