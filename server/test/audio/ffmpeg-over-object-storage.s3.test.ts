// ffmpeg reads recordings stored on object storage over presigned URLs, never copied to local disk
// first (issue 27): on a real S3-protocol server (Ceph radosgw, the server-s3 project's; a bucket of its own)
// the measure gives the same exact duration as from disk, seeking over HTTP Range where the kind needs
// it (an M4A's index at the end, FLAC's last second, WAV's chunks); two stored recordings join; and
// each kind of input opens only its own protocols.
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffmpegInputOptions, type FfmpegInput } from '../../src/audio/ffmpeg-input.ts'
import { joinRecordings } from '../../src/audio/join-recordings.ts'
import { AudioMeasureError, createAudioMeasurer } from '../../src/audio/measure-with-ffmpeg.ts'
import { readOnly } from '../../src/audio/run-ffmpeg.ts'
import { withPresignedFfmpegInput } from '../../src/storage/s3-ffmpeg-input.ts'
import { newTestBucket } from '../support/s3-test-storage.ts'
import { ffmpeg, SECONDS, SOURCE } from './generated-recordings.ts'

const RECORDINGS: Record<string, string[]> = {
  'cbr.mp3': ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k'],
  'second.mp3': ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k'],
  'browser.webm': ['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm'],
  // ffmpeg's mov muxer writes the index (moov) at the end, as phones do: reading it needs a seek.
  'phone.m4a': ['-ar', '44100', '-c:a', 'aac', '-b:a', '96k'],
  'lossless.flac': ['-ar', '44100', '-c:a', 'flac'],
  'dictaphone.wav': ['-ar', '16000', '-c:a', 'pcm_s16le'],
}

let client: S3Client
let bucket: string
let folder: string
const measure = createAudioMeasurer()
const atDisk = (name: string) => path.join(folder, name)
const keyOf = (name: string) => `clerks/c1/uploads/t1/${name}`
const onS3 = <T>(name: string, use: (input: FfmpegInput) => Promise<T>) => withPresignedFfmpegInput(client, bucket, keyOf(name), use)

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-ffmpeg-s3-'))
  const [storage] = await Promise.all([
    newTestBucket(),
    Promise.all(Object.entries(RECORDINGS).map(([name, codec]) => ffmpeg([...SOURCE, ...codec, atDisk(name)]))),
  ])
  client = storage.client
  bucket = storage.setting.bucket
  for (const name of Object.keys(RECORDINGS)) {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: await readFile(atDisk(name)) }))
  }
}, 120_000)

afterAll(async () => {
  client?.destroy()
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('ffmpeg on recordings in object storage', () => {
  it.each(['cbr.mp3', 'browser.webm', 'phone.m4a', 'lossless.flac', 'dictaphone.wav'])('%s measures exactly as from disk, over a presigned URL', async (name) => {
    const fromDisk = await measure(atDisk(name), name)
    expect(fromDisk).toBeCloseTo(SECONDS, 1)
    const seen: string[] = []
    const fromS3 = await onS3(name, (input) => {
      seen.push(input.kind)
      return measure(input, name)
    })
    expect(seen).toEqual(['url'])
    expect(fromS3).toBe(fromDisk)
  })

  it.each([
    ['cbr.mp3', 'second.mp3', 'stream-copy', 'mp3'],
    ['phone.m4a', 'browser.webm', 're-encode', 'webm'],
  ])('joins %s and %s read over presigned URLs (%s) as it joins them from disk', async (one, two, method, extension) => {
    const join = async (label: string, first: FfmpegInput, second: FfmpegInput) => {
      const workDir = path.join(folder, `join-${label}-${one}`)
      await mkdir(workDir)
      const joined = await joinRecordings([{ filePath: first, fileName: one }, { filePath: second, fileName: two }], workDir)
      return { ...joined, seconds: await measure(joined.filePath, `joined.${joined.extension}`) }
    }
    const fromS3 = await onS3(one, (first) => onS3(two, (second) => join('s3', first, second)))
    const fromDisk = await join('disk', { kind: 'file', path: atDisk(one) }, { kind: 'file', path: atDisk(two) })
    expect(fromS3).toMatchObject({ method, extension })
    expect(fromS3.seconds).toBeCloseTo(2 * SECONDS, 0)
    expect(fromS3.seconds).toBe(fromDisk.seconds)
  })

  it('refuses a stored file that is not there, as local disk does', async () => {
    await expect(onS3('nothing-here.mp3', async () => 'used')).rejects.toThrow(`no stored file at ${keyOf('nothing-here.mp3')}`)
  })
})

describe('each kind of input opens only its own protocols', () => {
  /** ffmpeg's whole stderr (runFfmpeg keeps only its last line, which here is "Invalid argument"). */
  const probe = (protocols: string, target: string) =>
    new Promise<{ code: number | null; errors: string }>((resolve) => {
      const child = spawn('ffmpeg', [...readOnly('mp3', 'none', protocols), '-i', target, '-map', '0:a:0', '-c', 'copy', '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] })
      let errors = ''
      child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text))
      child.on('close', (code) => resolve({ code, errors }))
    })

  it('a URL run cannot open a local file, even one named like a URL', async () => {
    const url = await onS3('cbr.mp3', async (input) => (input.kind === 'url' ? input.url : ''))
    const { protocols } = ffmpegInputOptions({ kind: 'url', url })
    expect(protocols).toBe('http,tcp')
    expect(await probe(protocols, url)).toMatchObject({ code: 0, errors: expect.not.stringContaining('Protocol') })
    const fileByUrlRules = await probe(protocols, `file:${atDisk('cbr.mp3')}`)
    expect(fileByUrlRules.code).not.toBe(0)
    expect(fileByUrlRules.errors).toContain("Protocol 'file' not on whitelist 'http,tcp'!")
    // The measure refuses to hand ffmpeg a path as a URL at all.
    await expect(measure({ kind: 'url', url: `file:${atDisk('cbr.mp3')}` }, 'cbr.mp3')).rejects.toThrow('ffmpeg reads only an http or https URL here')
    expect(ffmpegInputOptions({ kind: 'url', url: 'https://bucket.s3.eu-west-2.amazonaws.com/k' }).protocols).toBe('https,tls,tcp')
  })

  it('a path run cannot open a URL, and a path is always read as a file', async () => {
    const url = await onS3('cbr.mp3', async (input) => (input.kind === 'url' ? input.url : ''))
    const { protocols, target } = ffmpegInputOptions({ kind: 'file', path: atDisk('cbr.mp3') })
    expect(protocols).toBe('file')
    expect(await probe(protocols, target)).toMatchObject({ code: 0, errors: expect.not.stringContaining('Protocol') })
    const urlByFileRules = await probe(protocols, url)
    expect(urlByFileRules.code).not.toBe(0)
    expect(urlByFileRules.errors).toContain("Protocol 'http' not on whitelist 'file'!")
    // A URL given where a path is expected is looked for as a file of that name, and is not there.
    const failure = await measure({ kind: 'file', path: url }, 'cbr.mp3').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AudioMeasureError)
    expect((failure as AudioMeasureError).reason).toBe('not_audio')
  })
})
