// A short spoken-band test tone as a PCM WAV file: the demo jobs' audio, and test fixtures that must
// be real audio with a known length.

/** 8 kHz mono 8-bit PCM: 8,000 bytes a second keeps demo recordings small. */
const SAMPLE_RATE = 8000

export function toneWav(seconds: number, frequency = 440): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + samples, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16) // fmt chunk size
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(SAMPLE_RATE, 24)
  header.writeUInt32LE(SAMPLE_RATE, 28) // byte rate: 1 byte a sample
  header.writeUInt16LE(1, 32) // block align
  header.writeUInt16LE(8, 34) // bits per sample
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(samples, 40)
  const data = Buffer.alloc(samples)
  for (let i = 0; i < samples; i++) data[i] = 128 + Math.round(40 * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE))
  return Buffer.concat([header, data])
}
