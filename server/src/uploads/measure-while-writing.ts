// Measuring an upload while it streams to storage (an audio file's duration, decisions.md: measured on
// the server from the file itself): the bytes go to storage and, as they pass, to the measurer, so the
// file is read once and never held whole in memory. The measurer sets the pace (a slow one slows the
// upload, it never buffers the file) and may stop early: once it is done the rest goes to storage alone.
import { PassThrough, pipeline, Transform, type Readable } from 'node:stream'
import type { SavedFile } from '../storage/file-storage.ts'

/** Reads a stream (and may stop early by destroying it); resolves with what it found. */
export type Measure<M> = (stream: Readable, fileName: string) => Promise<M>

/** The measurer failed: the file could not be read as the kind it claims to be. */
export class MeasureFailedError extends Error {
  constructor(fileName: string, cause: unknown) {
    super(`could not measure ${fileName}`, { cause })
  }
}

/**
 * Writes `source` with `write` while `measure` reads the same bytes. Resolves once both are done;
 * rejects with the write's error, or (the write done) with a MeasureFailedError when the measurer failed.
 */
export async function measureWhileWriting<M>(
  source: Readable,
  fileName: string,
  write: (source: Readable) => Promise<SavedFile>,
  measure?: Measure<M>,
): Promise<{ saved: SavedFile; measured?: M }> {
  if (!measure) return { saved: await write(source) }
  const copy = new PassThrough()
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (copy.destroyed || copy.writableEnded || copy.write(chunk)) return done(null, chunk)
      // The measurer is behind: go on when it has read on, or has stopped.
      const goOn = () => {
        copy.off('drain', goOn)
        copy.off('close', goOn)
        done(null, chunk)
      }
      copy.once('drain', goOn)
      copy.once('close', goOn)
    },
    flush(done) {
      if (!copy.destroyed) copy.end()
      done()
    },
  })
  // Whatever the measurer does (finish early, fail), it no longer holds the upload back. Its failure
  // is handled from the start (it may come long before the write ends, and an unhandled rejection
  // stops the process); the await below still sees it, as a MeasureFailedError.
  const measuring = measure(copy, fileName).then(
    (measured) => measured,
    (cause: unknown) => Promise.reject(new MeasureFailedError(fileName, cause)),
  ).finally(() => copy.destroy())
  measuring.catch(() => undefined)
  // pipeline, not pipe: a client that goes away fails the write, and a refused write stops the client's stream.
  const teed = pipeline(source, tee, () => undefined)
  try {
    const saved = await write(teed)
    return { saved, measured: await measuring }
  } catch (error) {
    copy.destroy()
    await measuring.catch(() => undefined)
    throw error
  }
}
