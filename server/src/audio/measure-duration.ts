// Audio length measured from the file itself (decisions.md: never trusted from the client).
// music-metadata reads the container's headers and, where they do not say, walks the frames; the
// file is streamed through it, never held whole in memory.
import type { Readable } from 'node:stream'

/** Seconds, or null when the stream is not audio music-metadata can measure. */
export async function measureAudioSeconds(stream: Readable, fileName: string): Promise<number | null> {
  try {
    // Loaded at the first upload, not at start (about 15 MB): docs/decisions/idle-server-memory.md.
    const { parseStream } = await import('music-metadata')
    const { format } = await parseStream(stream, { path: fileName }, { duration: true, skipCovers: true })
    const seconds = format.duration
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null
  } catch {
    return null
  } finally {
    stream.destroy()
  }
}
