// The recorder's controls, found by role and label. The browser's parts are faked at the edge only:
// getUserMedia, MediaRecorder (a chunk is handed over when the test says), AudioContext's analyser,
// the wake lock and navigator.storage; the chunks go to the local database (fake-indexeddb) for real.
// The real microphone and MediaRecorder, against the real server, are in tests/e2e/recording.spec.ts.
import { Blob as NodeBlob } from 'node:buffer'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { localDb } from '@/lib/local-db'
import { keptRecordings } from '@/lib/recording-chunks'
import type { DraftFile } from '../draft/wizard-draft'
import { WIZARD_TEXT as TEXT } from '../messages'
import { Recorder } from './recorder'

class FakeTrack extends EventTarget {
  kind = 'audio'
  stopped = false
  stop() {
    this.stopped = true
  }
}

class FakeMediaRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus'
  static last: FakeMediaRecorder | null = null
  state: RecordingState = 'inactive'
  timeslice: number | undefined
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super()
    FakeMediaRecorder.last = this
  }
  start(timeslice?: number) {
    this.timeslice = timeslice
    this.state = 'recording'
  }
  pause() {
    this.state = 'paused'
  }
  resume() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    this.chunk('last')
    this.dispatchEvent(new Event('stop'))
  }
  /** MediaRecorder hands over a chunk (a Node Blob: it survives fake-indexeddb's clone). */
  chunk(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new NodeBlob([text]) }))
  }
}

let track: FakeTrack
let now = 0
const getUserMedia = vi.fn()

beforeEach(() => {
  track = new FakeTrack()
  now = 1000
  FakeMediaRecorder.last = null
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track], getAudioTracks: () => [track] })
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  vi.spyOn(performance, 'now').mockImplementation(() => now)
  // A microphone that hears something: every analyser reading swings ±40 around silence (128).
  vi.stubGlobal(
    'AudioContext',
    class {
      createAnalyser() {
        return { fftSize: 0, getByteTimeDomainData: (into: Uint8Array) => into.forEach((_, i) => (into[i] = i % 2 ? 168 : 88)) }
      }
      createMediaStreamSource() {
        return { connect: () => undefined }
      }
      close() {
        return Promise.resolve()
      }
    },
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'mediaDevices')
  Reflect.deleteProperty(navigator, 'wakeLock')
})

function renderRecorder(clerk: string | null = '7') {
  const recorded: DraftFile[] = []
  const recording: boolean[] = []
  render(
    <FluentProvider theme={webLightTheme}>
      <Recorder clerk={clerk} defaultName="Recording 2" disabled={false} onRecorded={(file) => recorded.push(file)} onRecordingChange={(value) => recording.push(value)} />
    </FluentProvider>,
  )
  return { recorded, recording }
}

const recorderGroup = () => screen.findByRole('group', { name: 'Recorder' })

describe('Recorder', () => {
  it('records with a 1 s timeslice, shows the time and the level, pauses, resumes, and keeps each chunk in order', async () => {
    const user = userEvent.setup()
    const { recorded } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(FakeMediaRecorder.last?.options).toEqual({ mimeType: 'audio/webm;codecs=opus' })
    expect(FakeMediaRecorder.last?.timeslice).toBe(1000)
    expect(screen.getByRole('textbox', { name: 'Recording name' })).toHaveValue('Recording 2')
    expect(screen.getByRole('timer', { name: 'Time recorded' })).toHaveTextContent('00:00')
    const meter = screen.getByRole('meter', { name: 'Microphone level' })
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0))

    now = 1000 + 65_400
    await waitFor(() => expect(screen.getByRole('timer', { name: 'Time recorded' })).toHaveTextContent('01:05'))
    FakeMediaRecorder.last!.chunk('one ')
    FakeMediaRecorder.last!.chunk('two ')
    await waitFor(async () => expect((await keptRecordings('7'))[0]).toMatchObject({ name: 'Recording 2', extension: 'webm', chunks: 2, bytes: 8 }))

    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(FakeMediaRecorder.last?.state).toBe('paused')
    expect(screen.getByText('Paused')).toBeVisible()
    now += 30_000
    await user.click(screen.getByRole('button', { name: 'Resume' }))
    expect(FakeMediaRecorder.last?.state).toBe('recording')
    expect(screen.getByRole('timer', { name: 'Time recorded' })).toHaveTextContent('01:05')
    expect(recorded).toEqual([])
  })

  it('makes a stopped recording one of the job’s files, under the name the clerk gave it', async () => {
    const user = userEvent.setup()
    const { recorded, recording } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    const name = screen.getByRole('textbox', { name: 'Recording name' })
    await user.clear(name)
    await user.type(name, 'Kitchen')
    FakeMediaRecorder.last!.chunk('first ')
    await user.click(screen.getByRole('button', { name: 'Stop' }))

    await waitFor(() => expect(recorded).toHaveLength(1))
    expect(recorded[0]).toMatchObject({ name: 'Kitchen.webm', type: 'audio/webm' })
    expect(track.stopped).toBe(true)
    expect(await screen.findByRole('button', { name: 'Record' })).toBeEnabled()
    expect(screen.queryByRole('group', { name: 'Recorder' })).toBeNull()
    expect(recording).toContain(true)
    expect(recording.at(-1)).toBe(false)
    // Still kept as chunks until the draft that holds it is saved (use-wizard-draft drops them then).
    expect((await keptRecordings('7'))[0]).toMatchObject({ name: 'Kitchen', chunks: 2 })
  })

  it('starts the next recording with the default name, not the last one’s', async () => {
    const user = userEvent.setup()
    const { recorded } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    const name = screen.getByRole('textbox', { name: 'Recording name' })
    await user.clear(name)
    await user.type(name, 'Kitchen')
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(recorded).toHaveLength(1))

    await user.click(await screen.findByRole('button', { name: 'Record' }))
    await recorderGroup()
    expect(screen.getByRole('textbox', { name: 'Recording name' })).toHaveValue('Recording 2')
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(recorded).toHaveLength(2))
    expect(recorded[1]).toMatchObject({ name: 'Recording 2.webm' })
  })

  it('says how to allow a refused microphone, and records nothing', async () => {
    const user = userEvent.setup()
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'))
    const { recorded } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.microphoneBlocked)
    expect(TEXT.microphoneBlocked).toContain('site settings')
    expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled()
    expect(recorded).toEqual([])
    expect(await keptRecordings('7')).toEqual([])
  })

  it('says when there is no microphone', async () => {
    const user = userEvent.setup()
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'))
    renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone was found on this device. Connect one and press Record again, or choose audio files.')
  })

  it('asks to keep the screen on, once, where there is no wake lock', async () => {
    const user = userEvent.setup()
    renderRecorder()
    for (let round = 0; round < 2; round++) {
      await user.click(screen.getByRole('button', { name: 'Record' }))
      await recorderGroup()
      await user.click(screen.getByRole('button', { name: 'Stop' }))
      await screen.findByRole('button', { name: 'Record' })
    }
    expect(screen.getAllByText(TEXT.keepScreenOn)).toHaveLength(1)
  })

  it('holds a screen wake lock while recording and lets it go on stop', async () => {
    const user = userEvent.setup()
    const release = vi.fn(() => Promise.resolve())
    const request = vi.fn(() => Promise.resolve({ release }))
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } })
    renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    expect(request).toHaveBeenCalledWith('screen')
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(release).toHaveBeenCalled())
    expect(screen.queryByText(TEXT.keepScreenOn)).toBeNull()
  })

  it('keeps what was recorded and says so when the microphone goes away', async () => {
    const user = userEvent.setup()
    const { recorded } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    FakeMediaRecorder.last!.chunk('before ')
    track.dispatchEvent(new Event('ended'))
    expect(await screen.findByText(TEXT.stoppedMicrophoneLost)).toBeVisible()
    await waitFor(() => expect(recorded.map((file) => file.name)).toEqual(['Recording 2.webm']))
  })

  it('keeps what was recorded and says so when the recorder stops by itself (the page hidden on iOS)', async () => {
    const user = userEvent.setup()
    const { recorded } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    FakeMediaRecorder.last!.stop()
    expect(await screen.findByText(TEXT.stoppedByItself)).toBeVisible()
    await waitFor(() => expect(recorded).toHaveLength(1))
  })

  it('stops, keeps what was recorded and says so when the device refuses a chunk for lack of room', async () => {
    const user = userEvent.setup()
    const { recorded } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await recorderGroup()
    FakeMediaRecorder.last!.chunk('fits ')
    await waitFor(async () => expect((await keptRecordings('7'))[0]?.chunks).toBe(1))
    localDb.recordingChunks.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    FakeMediaRecorder.last!.chunk('does not fit')
    expect(await screen.findByText(TEXT.stoppedFull)).toBeVisible()
    await waitFor(() => expect(recorded).toHaveLength(1))
    expect(FakeMediaRecorder.last?.state).toBe('inactive')
  })

  it('does not start when the device has no room left, and warns at 100 MB left', async () => {
    const user = userEvent.setup()
    const estimate = vi.fn(() => Promise.resolve({ quota: 1000 * 1024 * 1024, usage: 1000 * 1024 * 1024 - 1000 }))
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate } })
    try {
      renderRecorder()
      await user.click(screen.getByRole('button', { name: 'Record' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.noRoomToRecord)
      expect(getUserMedia).not.toHaveBeenCalled()
      estimate.mockResolvedValue({ quota: 1000 * 1024 * 1024, usage: 950 * 1024 * 1024 })
      await user.click(screen.getByRole('button', { name: 'Record' }))
      await recorderGroup()
      expect(screen.getByText(TEXT.lowRoom)).toBeVisible()
    } finally {
      Reflect.deleteProperty(navigator, 'storage')
    }
  })
})
