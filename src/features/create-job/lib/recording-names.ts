// A recording's name (issue 25): "Recording 1", then 2…, which the clerk may change ("Kitchen"), and
// the file name it becomes in the job's audio list.

const DEFAULT = /^Recording (\d+)\.[a-z0-9]+$/i

/** The next default name: one more than the highest "Recording N" among the job's audio files. */
export function nextRecordingName(fileNames: readonly string[]): string {
  const numbers = fileNames.map((name) => DEFAULT.exec(name)?.[1]).filter((n): n is string => n !== undefined).map(Number)
  return `Recording ${Math.max(0, ...numbers) + 1}`
}

/**
 * The file name for a recording named `name`: characters a file name cannot hold become spaces, and a
 * blank name falls back to `fallback`; the extension follows the format.
 */
export function recordingFileName(name: string, fallback: string, extension: string): string {
  const clean = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 100)
  return `${clean || fallback}.${extension}`
}
