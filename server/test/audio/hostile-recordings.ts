// Recordings whose container clock or header was rewritten to make 10 minutes of sound measure a few
// seconds (issue 24, item 1): each is generated here by ffmpeg from the same 10 minutes of audio,
// then patched byte by byte as a hostile client would. Nothing is committed.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ffmpeg } from './generated-recordings.ts'

/** The sound every hostile file holds: 10 minutes. */
export const HOSTILE_SECONDS = 600

/** 10 minutes at 16 kHz mono: pink noise under a tone, cheap to encode on a busy 2-core machine. */
const SOURCE = ['-f', 'lavfi', '-i', `anoisesrc=c=pink:r=16000:d=${HOSTILE_SECONDS}:a=0.3[n];sine=f=300:r=16000:d=${HOSTILE_SECONDS}[s];[n][s]amix=inputs=2`]

/** Opus is the slowest to encode: it is encoded once, and each Opus file is that stream rewrapped (`-c copy`). */
const OPUS = ['-c', 'copy']

/** Each hostile file: how it is encoded (from the source, or rewrapped from the one Opus encode), and how its bytes are then rewritten. */
const HOSTILE: Record<string, { encode: string[]; patch: (bytes: Buffer) => Buffer | void }> = {
  'timecode-scale.webm': { encode: [...OPUS, '-f', 'webm'], patch: (b) => matroskaTimecodeScale(b, 10_000) },
  'cluster-times.webm': { encode: [...OPUS, '-f', 'webm', '-live', '1', '-cluster_time_limit', '1000'], patch: zeroClusterTimecodes },
  'timescale.m4a': { encode: ['-c:a', 'aac', '-b:a', '24k'], patch: (b) => mp4MediaTimescale(b, 100) },
  'edit-list.m4a': { encode: ['-c:a', 'aac', '-b:a', '24k'], patch: (b) => mp4EditListSeconds(b, 6) },
  'granules.ogg': { encode: [...OPUS, '-f', 'ogg'], patch: (b) => oggGranules(b, 100) },
  'granules-vorbis.ogg': { encode: ['-c:a', 'libvorbis', '-q:a', '0'], patch: (b) => oggGranules(b, 100) },
  'total-samples.flac': { encode: ['-c:a', 'flac'], patch: (b) => flacTotalSamples(b, 100) },
  'streaminfo-rate.flac': { encode: ['-c:a', 'flac'], patch: (b) => flacStreamInfoRate(b, 96_000) },
  'id3-streaminfo-rate.flac': { encode: ['-c:a', 'flac'], patch: (b) => withId3v2(flacStreamInfoRate(b, 96_000)) },
  'sample-rate.wav': { encode: ['-c:a', 'pcm_s16le'], patch: (b) => wavRates(b, 100, 100) },
  'byte-rate.wav': { encode: ['-c:a', 'pcm_s16le'], patch: (b) => wavRates(b, 1, 100) },
  'second-fmt.wav': { encode: ['-c:a', 'pcm_s16le'], patch: (b) => fmtBeforeFmt(b, 100) },
  'data-size.wav': { encode: ['-c:a', 'pcm_s16le'], patch: (b) => wavDataSize(b, 100) },
  'ds64-size.wav': { encode: ['-c:a', 'pcm_s16le', '-rf64', 'always'], patch: (b) => wavDataSize(b, 100) },
  'rf64-rate.wav': { encode: ['-c:a', 'pcm_s16le', '-rf64', 'always'], patch: (b) => wavRates(b, 50, 50) },
  'send-times.wma': { encode: ['-c:a', 'wmav2'], patch: (b) => asfTimes(b, 100) },
  'xing-frames.mp3': { encode: ['-c:a', 'libmp3lame', '-q:a', '6'], patch: (b) => xingFrames(b, 100) },
}

export const HOSTILE_NAMES = Object.keys(HOSTILE)

/** Makes the named hostile recordings (all by default) in `folder`, two encodes at a time; answers name → path. */
export async function makeHostileRecordings(folder: string, only: readonly string[] = HOSTILE_NAMES): Promise<Record<string, string>> {
  const source = path.join(folder, 'ten-minutes.wav')
  const opus = path.join(folder, 'ten-minutes.mka')
  await ffmpeg([...SOURCE, '-c:a', 'pcm_s16le', source])
  if (only.some((name) => HOSTILE[name]!.encode[0] === OPUS[0])) await ffmpeg(['-i', source, '-c:a', 'libopus', '-b:a', '16k', '-compression_level', '0', opus])
  // Files patched differently from the same encoding share one encode (to a file: MP4, WAV and FLAC
  // write their sizes at the end, which a pipe cannot take).
  const encodings = new Map<string, Promise<Buffer>>()
  const encoded = (name: string) => {
    const { encode } = HOSTILE[name]!
    const key = `${encode.join(' ')}${path.extname(name)}`
    if (!encodings.has(key)) {
      const file = path.join(folder, `encoding-${encodings.size}${path.extname(name)}`)
      encodings.set(key, ffmpeg(['-i', encode[0] === OPUS[0] ? opus : source, ...encode, file]).then(() => readFile(file)))
    }
    return encodings.get(key)!
  }
  const names = [...only]
  const make = async (): Promise<void> => {
    for (let name = names.shift(); name; name = names.shift()) {
      const bytes = Buffer.from(await encoded(name))
      await writeFile(path.join(folder, name), HOSTILE[name]!.patch(bytes) ?? bytes)
    }
  }
  await Promise.all([make(), make()])
  return Object.fromEntries(only.map((name) => [name, path.join(folder, name)]))
}

function find(bytes: Buffer, what: Buffer | string, from = 0): number {
  const at = bytes.indexOf(what, from)
  if (at < 0) throw new Error(`${String(what)} not found`)
  return at
}

/** Matroska's TimecodeScale (ID 2AD7B1, 1,000,000 ns per tick as ffmpeg writes it) set to `scale`. */
function matroskaTimecodeScale(bytes: Buffer, scale: number): void {
  const at = find(bytes, Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]))
  bytes.writeUIntBE(scale, at + 4, 3)
}

/** Every Cluster's Timecode (the first child, ID E7) set to 0: the blocks' own times then span about a second. */
function zeroClusterTimecodes(bytes: Buffer): void {
  let clusters = 0
  for (let at = bytes.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])); at >= 0; at = bytes.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), at + 4)) {
    const sizeLength = vintLength(bytes[at + 4]!)
    const timecode = at + 4 + sizeLength
    if (bytes[timecode] !== 0xe7) continue
    const valueLength = bytes[timecode + 1]! & 0x7f
    bytes.fill(0, timecode + 2, timecode + 2 + valueLength)
    clusters++
  }
  if (clusters < 100) throw new Error(`only ${clusters} clusters rewritten`)
}

/** An EBML variable-length integer's length, from its first byte's leading zeros. */
const vintLength = (first: number) => Math.clz32(first) - 23

/** The audio track's mdhd timescale multiplied by `factor`: every sample time in it shrinks as much. */
function mp4MediaTimescale(bytes: Buffer, factor: number): void {
  const at = find(bytes, 'mdhd')
  const timescale = at + 4 + 4 + (bytes[at + 4] === 1 ? 16 : 8)
  bytes.writeUInt32BE(bytes.readUInt32BE(timescale) * factor, timescale)
}

/** The edit list's one entry made `seconds` long (in the movie's timescale): a player plays only that much. */
function mp4EditListSeconds(bytes: Buffer, seconds: number): void {
  const mvhd = find(bytes, 'mvhd')
  const movieTimescale = bytes.readUInt32BE(mvhd + 4 + 4 + 8)
  const elst = find(bytes, 'elst')
  if (bytes[elst + 4] !== 0 || bytes.readUInt32BE(elst + 8) !== 1) throw new Error('expected one version-0 edit')
  bytes.writeUInt32BE(seconds * movieTimescale, elst + 12)
}

/** Every Ogg page's granule position divided by `factor`, its CRC written again so the page still reads. */
function oggGranules(bytes: Buffer, factor: bigint | number): void {
  let pages = 0
  for (let at = 0; at + 27 <= bytes.length; pages++) {
    if (bytes.toString('latin1', at, at + 4) !== 'OggS') throw new Error(`no Ogg page at ${at}`)
    const segments = bytes[at + 26]!
    let length = 27 + segments
    for (let i = 0; i < segments; i++) length += bytes[at + 27 + i]!
    const granule = bytes.readBigInt64LE(at + 6)
    if (granule > 0n) bytes.writeBigInt64LE(granule / BigInt(factor), at + 6)
    bytes.writeUInt32LE(0, at + 22)
    bytes.writeUInt32LE(oggCrc(bytes.subarray(at, at + length)), at + 22)
    at += length
  }
  if (pages < 100) throw new Error(`only ${pages} pages rewritten`)
}

const OGG_CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24
  for (let bit = 0; bit < 8; bit++) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1
  return value >>> 0
})

/** Ogg's page checksum: CRC-32, polynomial 0x04C11DB7, not reflected, starting from 0. */
function oggCrc(page: Buffer): number {
  let crc = 0
  for (const byte of page) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0
  return crc
}

/** STREAMINFO (at byte 8): total samples (36 bits from bit 108) divided by `factor`. */
function flacTotalSamples(bytes: Buffer, factor: number): void {
  const info = 8
  const total = (bytes[info + 13]! & 0x0f) * 2 ** 32 + bytes.readUInt32BE(info + 14)
  const smaller = Math.floor(total / factor)
  bytes[info + 13] = (bytes[info + 13]! & 0xf0) | Math.floor(smaller / 2 ** 32)
  bytes.writeUInt32BE(smaller % 2 ** 32, info + 14)
}

/** STREAMINFO's sample rate (20 bits from bit 80) set to `hertz`; the frames still say their own. */
function flacStreamInfoRate(bytes: Buffer, hertz: number): Buffer {
  const info = 8
  bytes[info + 10] = hertz >> 12
  bytes[info + 11] = (hertz >> 4) & 0xff
  bytes[info + 12] = ((hertz & 0x0f) << 4) | (bytes[info + 12]! & 0x0f)
  return bytes
}

/** An ID3v2.4 tag of 1 KiB of padding before the file, which FLAC readers (ffmpeg's included) skip. */
function withId3v2(bytes: Buffer): Buffer {
  const padding = 1024
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, padding >> 7, padding & 0x7f])
  return Buffer.concat([header, Buffer.alloc(padding), bytes])
}

/** The fmt chunk's sample rate and byte rate multiplied by their factors. */
function wavRates(bytes: Buffer, rateFactor: number, byteRateFactor: number): void {
  const fmt = find(bytes, 'fmt ') + 8
  bytes.writeUInt32LE(bytes.readUInt32LE(fmt + 4) * rateFactor, fmt + 4)
  bytes.writeUInt32LE(bytes.readUInt32LE(fmt + 8) * byteRateFactor, fmt + 8)
}

/** A copy of the fmt chunk with its rates multiplied by `factor`, put before the real one (ffmpeg reads the first). */
function fmtBeforeFmt(bytes: Buffer, factor: number): Buffer {
  const fmt = find(bytes, 'fmt ')
  const chunk = Buffer.from(bytes.subarray(fmt, fmt + 8 + bytes.readUInt32LE(fmt + 4)))
  wavRates(chunk, factor, factor)
  return Buffer.concat([bytes.subarray(0, fmt), chunk, bytes.subarray(fmt)])
}

/** The data size divided by `factor`: in the data chunk, or in ds64 where RF64 keeps it. */
function wavDataSize(bytes: Buffer, factor: number): void {
  const data = find(bytes, 'data', 12)
  if (bytes.readUInt32LE(data + 4) !== 0xffffffff) bytes.writeUInt32LE(Math.floor(bytes.readUInt32LE(data + 4) / factor), data + 4)
  else {
    const ds64 = find(bytes, 'ds64') + 8 + 8
    bytes.writeBigUInt64LE(bytes.readBigUInt64LE(ds64) / BigInt(factor), ds64)
  }
}

/** The Xing header's frame count (after "Xing"/"Info", its flags, then 4 bytes) divided by `factor`. */
function xingFrames(bytes: Buffer, factor: number): void {
  const xing = bytes.indexOf('Xing') >= 0 ? bytes.indexOf('Xing') : find(bytes, 'Info')
  if (!(bytes.readUInt32BE(xing + 4) & 1)) throw new Error('no frame count in the Xing header')
  bytes.writeUInt32BE(Math.floor(bytes.readUInt32BE(xing + 8) / factor), xing + 8)
}

/** An ASF GUID as it is stored: the first three groups little-endian. */
function asfGuid(text: string): Buffer {
  const hex = Buffer.from(text.replaceAll('-', ''), 'hex')
  return Buffer.concat([Buffer.from(hex.subarray(0, 4)).reverse(), Buffer.from(hex.subarray(4, 6)).reverse(), Buffer.from(hex.subarray(6, 8)).reverse(), hex.subarray(8)])
}

/** Bytes of an ASF "length type" field: 0, 1, 2 or 4. */
const ASF_FIELD = [0, 1, 2, 4] as const

/**
 * Every ASF data packet's send time and every payload's presentation time (in its replicated data, or
 * its offset field when compressed) divided by `factor`. Packets have the fixed size the File
 * Properties object gives, from 50 bytes into the Data object.
 */
function asfTimes(bytes: Buffer, factor: number): void {
  const fileProperties = find(bytes, asfGuid('8CABDCA1-A947-11CF-8EE4-00C00C205365'))
  const packetSize = bytes.readUInt32LE(fileProperties + 92)
  const data = find(bytes, asfGuid('75B22636-668E-11CF-A6D9-00AA0062CE6C'))
  const packets = Number(bytes.readBigUInt64LE(data + 40))
  const field = (at: number, type: number) => ({ value: bytes.readUIntLE(at, ASF_FIELD[type]! || 1) * (ASF_FIELD[type] ? 1 : 0), next: at + ASF_FIELD[type]! })
  const scale = (at: number) => bytes.writeUInt32LE(Math.floor(bytes.readUInt32LE(at) / factor), at)
  for (let packet = 0; packet < packets; packet++) {
    const start = data + 50 + packet * packetSize
    if (bytes[start] !== 0x82) throw new Error(`no ASF packet at ${start}`)
    const lengthFlags = bytes[start + 3]!
    const propertyFlags = bytes[start + 4]!
    let at = start + 5
    at = field(at, (lengthFlags >> 5) & 3).next // packet length
    at = field(at, (lengthFlags >> 1) & 3).next // sequence
    at = field(at, (lengthFlags >> 3) & 3).next // padding length
    scale(at) // send time
    at += 6
    const multiple = lengthFlags & 1
    const payloadFlags = multiple ? bytes[at++]! : 1
    for (let payload = 0; payload < (payloadFlags & 0x3f); payload++) {
      at += 1 // stream number
      at = field(at, (propertyFlags >> 4) & 3).next // media object number
      const offsetAt = at
      at = field(at, (propertyFlags >> 2) & 3).next
      const replicated = field(at, propertyFlags & 3)
      at = replicated.next
      if (replicated.value >= 8) scale(at + 4)
      else if (replicated.value === 1) scale(offsetAt)
      at += replicated.value
      if (!multiple) break
      const length = field(at, (payloadFlags >> 6) & 3)
      at = length.next + length.value
    }
  }
}
