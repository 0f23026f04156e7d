import { describe, expect, it } from 'vitest'
import { chooseRecordingFormat, MP4_ANY } from './recording-format'
import { levelFromSamples } from './recording-level'
import { nextRecordingName, recordingFileName } from './recording-names'
import { LOW_ROOM_BYTES, NO_ROOM_BYTES, roomVerdict } from './recording-room'
import { elapsedMs, formatElapsed, pauseStopwatch, resumeStopwatch, startStopwatch } from './recording-time'

describe('chooseRecordingFormat', () => {
  it('records MP4 with AAC where the browser writes it (Safari), as .m4a', () => {
    expect(chooseRecordingFormat(() => true)).toEqual({ mimeType: 'audio/mp4;codecs=mp4a.40.2', extension: 'm4a' })
  })
  it('records WebM with Opus where MP4 would not be AAC (Chromium writes Opus in MP4), as .webm', () => {
    // What Chromium 156 answers: plain audio/mp4 yes (Opus inside), AAC no, WebM Opus yes.
    const chromium = (type: string) => type === 'audio/mp4' || type === 'audio/webm;codecs=opus'
    expect(chooseRecordingFormat(chromium)).toEqual({ mimeType: 'audio/webm;codecs=opus', extension: 'webm' })
  })
  it('falls back to plain MP4 for a browser that names no codec and writes no WebM (an older Safari)', () => {
    expect(chooseRecordingFormat((type) => type === 'audio/mp4')).toBe(MP4_ANY)
  })
  it('says null where the browser writes none of them', () => {
    expect(chooseRecordingFormat(() => false)).toBeNull()
  })
})

describe('formatElapsed', () => {
  it('shows mm:ss below an hour and hh:mm:ss from an hour on', () => {
    expect(formatElapsed(0)).toBe('00:00')
    expect(formatElapsed(999)).toBe('00:00')
    expect(formatElapsed(65_400)).toBe('01:05')
    expect(formatElapsed(3_599_999)).toBe('59:59')
    expect(formatElapsed(3_600_000)).toBe('01:00:00')
    expect(formatElapsed(5 * 3_600_000 + 7 * 60_000 + 9_000)).toBe('05:07:09')
  })
})

describe('the recorder’s stopwatch', () => {
  it('counts only while recording', () => {
    let watch = startStopwatch(1000)
    expect(elapsedMs(watch, 3000)).toBe(2000)
    watch = pauseStopwatch(watch, 3000)
    expect(elapsedMs(watch, 60_000)).toBe(2000)
    watch = resumeStopwatch(watch, 60_000)
    expect(elapsedMs(watch, 61_500)).toBe(3500)
    expect(pauseStopwatch(pauseStopwatch(watch, 62_000), 70_000)).toEqual({ counted: 4000, since: null })
  })
})

describe('recording names', () => {
  it('numbers a new recording after the highest "Recording N" of the job', () => {
    expect(nextRecordingName([])).toBe('Recording 1')
    expect(nextRecordingName(['kitchen.mp3', 'Recording 1.webm', 'Recording 3.m4a', 'Recording 9 notes.webm'])).toBe('Recording 4')
  })
  it('makes a file name of the clerk’s name, with the format’s extension', () => {
    expect(recordingFileName('Kitchen', 'Recording 2', 'webm')).toBe('Kitchen.webm')
    expect(recordingFileName('  Bed/room: 2 ', 'Recording 2', 'm4a')).toBe('Bed room 2.m4a')
    expect(recordingFileName('   ', 'Recording 2', 'webm')).toBe('Recording 2.webm')
  })
})

describe('roomVerdict', () => {
  it('warns at 100 MB left and stops below 1 MB; unknown room lets recording go on', () => {
    expect(roomVerdict(null)).toBe('enough')
    expect(roomVerdict(LOW_ROOM_BYTES + 1)).toBe('enough')
    expect(roomVerdict(LOW_ROOM_BYTES)).toBe('low')
    expect(roomVerdict(NO_ROOM_BYTES)).toBe('low')
    expect(roomVerdict(NO_ROOM_BYTES - 1)).toBe('none')
    expect(roomVerdict(0)).toBe('none')
  })
})

describe('levelFromSamples', () => {
  it('reads 0 for silence and more for a louder signal, at most 100', () => {
    expect(levelFromSamples(new Uint8Array(64).fill(128))).toBe(0)
    const quiet = levelFromSamples(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 138 : 118)))
    const loud = levelFromSamples(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 200 : 56)))
    expect(quiet).toBeGreaterThan(0)
    expect(loud).toBeGreaterThan(quiet)
    expect(levelFromSamples(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100)
  })
})
