// The recorder of step 1 (issue 25): MediaRecorder on the microphone with a 1 s timeslice, every chunk
// written to the local database as it arrives, in order (src/lib/recording-chunks.ts), so a page that
// dies mid-recording loses at most its last chunk. It keeps the screen awake where it can, shows the
// microphone's level (Web Audio AnalyserNode), checks the room left on the device before and while it
// records, and when it stops, by the clerk's hand or by itself (microphone gone, page hidden, device
// full), what was recorded becomes one of the job's audio files through `onRecorded`.
// The browser's parts (getUserMedia, MediaRecorder, AudioContext, wakeLock) are used only here.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { newIdempotencyKey } from '@/lib/api-client'
import { isQuotaError } from '@/lib/clerk-drafts'
import { roomLeft } from '@/lib/device-storage'
import { appendChunk, beginRecording, rebuildRecording, renameRecording } from '@/lib/recording-chunks'
import type { DraftFile } from '../draft/wizard-draft'
import { chooseRecordingFormat, type RecordingFormat } from '../lib/recording-format'
import { levelFromSamples } from '../lib/recording-level'
import { recordingFileName } from '../lib/recording-names'
import { roomVerdict } from '../lib/recording-room'
import { elapsedMs, pauseStopwatch, resumeStopwatch, startStopwatch, type Stopwatch } from '../lib/recording-time'
import { WIZARD_TEXT as TEXT } from '../messages'

/** MediaRecorder hands over what it recorded every second. */
export const TIMESLICE_MS = 1000
/** How often the room left is measured while recording. */
export const ROOM_CHECK_MS = 10_000
/** How often the clock and the level meter are redrawn. */
const TICK_MS = 200

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused'

export interface RecorderState {
  status: RecorderStatus
  elapsedMs: number
  /** The microphone's level, 0-100; null where Web Audio is missing. */
  level: number | null
  name: string
  /** Why recording could not start (microphone refused, absent, no room): shown until the next try. */
  problem: string | null
  /** What the clerk should know (stopped by itself, little room, keep the screen on), each once. */
  notices: string[]
}

type StopReason = 'clerk' | 'full' | 'microphoneLost' | 'unmounted'

/** One recording, from Record to its file: what the browser gave and what is kept. */
interface Session {
  id: string
  format: RecordingFormat
  recorder: MediaRecorder
  stream: MediaStream
  stopwatch: Stopwatch
  /** Chunks so far, in memory too: the file when the local database refused them. */
  chunks: Blob[]
  /** Chunk writes, one after another, so they land in the order they arrived. */
  writes: Promise<void>
  /** Every chunk so far is in the local database. */
  kept: boolean
  stopReason: StopReason | null
  cleanups: Array<() => void>
}

/** What the clerk is told when recording stopped without their Stop (null: the recorder stopped itself). */
function stopNotice(reason: StopReason | null): string | null {
  if (reason === 'clerk' || reason === 'unmounted') return null
  if (reason === 'full') return TEXT.stoppedFull
  if (reason === 'microphoneLost') return TEXT.stoppedMicrophoneLost
  return TEXT.stoppedByItself
}

function microphoneProblem(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return TEXT.microphoneBlocked
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return TEXT.noMicrophone
  return TEXT.microphoneFailed
}

export interface UseRecorderOptions {
  /** The signed-in clerk, whose draft the recording belongs to; null: kept in memory only. */
  clerk: string | null
  /** The name a new recording starts with ("Recording 2"). */
  defaultName: string
  onRecorded: (file: DraftFile) => void
}

export function useRecorder({ clerk, defaultName, onRecorded }: UseRecorderOptions) {
  const [state, setState] = useState<RecorderState>({ status: 'idle', elapsedMs: 0, level: null, name: defaultName, problem: null, notices: [] })
  const session = useRef<Session | null>(null)
  const latest = useRef({ onRecorded, defaultName, name: defaultName })
  // The recording's end is handled by the browser's events: they read the latest props from here.
  useLayoutEffect(() => {
    latest.current.onRecorded = onRecorded
    latest.current.defaultName = defaultName
  })
  const said = useRef(new Set<string>())

  const notify = useCallback((notice: string) => {
    if (said.current.has(notice)) return
    said.current.add(notice)
    setState((now) => ({ ...now, notices: [...now.notices, notice] }))
  }, [])

  // The name shown before a recording starts follows the list (Recording 2 once Recording 1 is in it).
  useEffect(() => {
    if (session.current) return
    latest.current.name = defaultName
    setState((now) => (now.status === 'idle' ? { ...now, name: defaultName } : now))
  }, [defaultName])

  const stop = useCallback((reason: StopReason = 'clerk') => {
    const current = session.current
    if (!current || current.stopReason) return
    current.stopReason = reason
    // The last chunk arrives (dataavailable) before `stop`; the file is made there.
    if (current.recorder.state !== 'inactive') current.recorder.stop()
  }, [])

  /** After the recorder's `stop`: waits for the writes, then hands the recording over as a file. */
  const finish = useCallback(
    async (current: Session) => {
      current.cleanups.forEach((cleanup) => cleanup())
      current.stream.getTracks().forEach((track) => track.stop())
      await current.writes
      if (session.current === current) session.current = null
      // Stopped by leaving the page: the chunks stay for "Recover recording" on the next visit.
      if (current.stopReason === 'unmounted') return
      const finalMs = elapsedMs(current.stopwatch, performance.now())
      setState((now) => ({ ...now, status: 'idle', elapsedMs: finalMs, level: null }))
      const notice = stopNotice(current.stopReason)
      if (notice) notify(notice)
      let blob: Blob | undefined
      if (current.kept && clerk !== null) blob = await rebuildRecording(clerk, current.id).catch(() => undefined)
      blob ??= current.chunks.length > 0 ? new Blob(current.chunks, { type: current.format.mimeType }) : undefined
      if (!blob || blob.size === 0) return
      const name = recordingFileName(latest.current.name, latest.current.defaultName, current.format.extension)
      // The next recording starts with the default name, not this one's ("Kitchen"); the effect above
      // moves it on when the list's new file changes the default.
      latest.current.name = latest.current.defaultName
      setState((now) => ({ ...now, name: latest.current.defaultName }))
      const file = new File([blob], name, { type: current.format.mimeType.split(';')[0] })
      latest.current.onRecorded({ id: current.id, file, name, size: file.size, type: file.type })
    },
    [clerk, notify],
  )

  const start = useCallback(async () => {
    if (session.current || state.status === 'starting') return
    setState((now) => ({ ...now, status: 'starting', problem: null, elapsedMs: 0 }))
    const fail = (problem: string) => setState((now) => ({ ...now, status: 'idle', problem }))
    const format = typeof MediaRecorder === 'undefined' ? null : chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type))
    if (!format || !navigator.mediaDevices?.getUserMedia) return fail(TEXT.cannotRecord)
    const room = roomVerdict(await roomLeft())
    if (room === 'none') return fail(TEXT.noRoomToRecord)
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (error) {
      return fail(microphoneProblem(error))
    }
    if (room === 'low') notify(TEXT.lowRoom)

    const id = newIdempotencyKey()
    const recorder = new MediaRecorder(stream, { mimeType: format.mimeType })
    const current: Session = { id, format, recorder, stream, stopwatch: startStopwatch(performance.now()), chunks: [], writes: Promise.resolve(), kept: clerk !== null, stopReason: null, cleanups: [] }
    session.current = current
    const name = latest.current.name
    if (clerk !== null) {
      current.writes = beginRecording(clerk, { id, name, mimeType: format.mimeType, extension: format.extension, startedAt: Date.now() }).catch(() => {
        current.kept = false
      })
    }

    let seq = 0
    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size === 0) return
      current.chunks.push(event.data)
      const chunkSeq = seq++
      if (clerk === null) return
      current.writes = current.writes.then(async () => {
        if (!current.kept) return
        try {
          await appendChunk(clerk, id, chunkSeq, event.data)
        } catch (error) {
          current.kept = false
          // Full: stop now, while what was recorded can still be handed over whole.
          if (isQuotaError(error)) stop('full')
          else notify(TEXT.notKeptWhileRecording)
        }
      })
    })
    recorder.addEventListener('stop', () => void finish(current))
    // The track ends when the microphone goes (unplugged, taken by another app, revoked).
    for (const track of stream.getAudioTracks()) {
      const ended = () => stop('microphoneLost')
      track.addEventListener('ended', ended)
      current.cleanups.push(() => track.removeEventListener('ended', ended))
    }

    const analyser = connectLevelMeter(stream)
    if (analyser) current.cleanups.push(analyser.close)
    const tick = setInterval(() => {
      setState((now) => ({ ...now, elapsedMs: elapsedMs(current.stopwatch, performance.now()), level: analyser ? analyser.level() : null }))
    }, TICK_MS)
    current.cleanups.push(() => clearInterval(tick))
    const roomCheck = setInterval(() => {
      void roomLeft().then((left) => {
        const verdict = roomVerdict(left)
        if (verdict === 'low') notify(TEXT.lowRoom)
        if (verdict === 'none') stop('full')
      })
    }, ROOM_CHECK_MS)
    current.cleanups.push(() => clearInterval(roomCheck))
    current.cleanups.push(await keepScreenAwake(() => notify(TEXT.keepScreenOn)))

    recorder.start(TIMESLICE_MS)
    setState((now) => ({ ...now, status: 'recording', elapsedMs: 0, level: analyser ? 0 : null }))
  }, [clerk, finish, notify, state.status, stop])

  const pause = useCallback(() => {
    const current = session.current
    if (!current || current.recorder.state !== 'recording') return
    current.recorder.pause()
    current.stopwatch = pauseStopwatch(current.stopwatch, performance.now())
    setState((now) => ({ ...now, status: 'paused', elapsedMs: elapsedMs(current.stopwatch, performance.now()) }))
  }, [])

  const resume = useCallback(() => {
    const current = session.current
    if (!current || current.recorder.state !== 'paused') return
    current.recorder.resume()
    current.stopwatch = resumeStopwatch(current.stopwatch, performance.now())
    setState((now) => ({ ...now, status: 'recording' }))
  }, [])

  const rename = useCallback(
    (name: string) => {
      latest.current.name = name
      setState((now) => ({ ...now, name }))
      const current = session.current
      if (current && clerk !== null) void renameRecording(clerk, current.id, name).catch(() => undefined)
    },
    [clerk],
  )

  // Leaving the page mid-recording: the microphone is let go, and the chunks stay to be recovered.
  useEffect(() => () => stop('unmounted'), [stop])

  return { state, start, pause, resume, stop: () => stop('clerk'), rename }
}

/** The microphone's level through an AnalyserNode; null where Web Audio is missing or refuses. */
function connectLevelMeter(stream: MediaStream): { level: () => number; close: () => void } | null {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined
  if (!AudioContextClass) return null
  try {
    const context = new AudioContextClass()
    // Made after the microphone was granted, no longer in the click: Safari starts it suspended.
    void context.resume?.().catch(() => undefined)
    const analyser = context.createAnalyser()
    analyser.fftSize = 1024
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    return {
      level: () => {
        analyser.getByteTimeDomainData(samples)
        return levelFromSamples(samples)
      },
      close: () => void context.close().catch(() => undefined),
    }
  } catch {
    return null
  }
}

/**
 * Holds a screen wake lock while recording, taken again when the page is shown again (the browser
 * lets it go whenever the page is hidden). Missing or refused: `refused` is called. Returns the release.
 */
async function keepScreenAwake(refused: () => void): Promise<() => void> {
  const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock
  if (!wakeLock) {
    refused()
    return () => undefined
  }
  let sentinel: WakeLockSentinel | null = null
  let released = false
  const take = async () => {
    try {
      sentinel = await wakeLock.request('screen')
      if (released) void sentinel.release()
    } catch {
      refused()
    }
  }
  const shown = () => document.visibilityState === 'visible' && void take()
  await take()
  document.addEventListener('visibilitychange', shown)
  return () => {
    released = true
    document.removeEventListener('visibilitychange', shown)
    void sentinel?.release().catch(() => undefined)
  }
}
