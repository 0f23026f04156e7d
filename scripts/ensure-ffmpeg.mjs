// Makes sure Debian's ffmpeg is there before the server starts (it measures every audio upload's
// duration; decisions.md "Create Job: measuring audio"). As root with apt-get it installs the
// `ffmpeg` package when it is missing; otherwise it says exactly what to install and lets the server
// start (which refuses audio uploads without it, and in production refuses to start).
// `npm start` runs it first (package.json); `node scripts/ensure-ffmpeg.mjs` alone works too.
import { execFileSync, spawnSync } from 'node:child_process'

const ffmpegPath = process.env.FFMPEG_PATH?.trim() || 'ffmpeg'
const runs = () => spawnSync(ffmpegPath, ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0

export function ensureFfmpeg() {
  if (runs()) return
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
  // A custom FFMPEG_PATH that does not run is the operator's to fix: installing the package would not help.
  if (isRoot && hasApt && ffmpegPath === 'ffmpeg') {
    console.log("Installing Debian's ffmpeg (measures the audio uploads' durations)…")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], { stdio: ['ignore', 'ignore', 'inherit'], env })
    } catch {
      // apt-get printed why (no network, a locked dpkg); the message below says what to do.
    }
    if (runs()) return
  }
  console.error(
    `ffmpeg is missing (looked for "${ffmpegPath}"): audio uploads will be refused until it is installed.\n` +
      (ffmpegPath === 'ffmpeg'
        ? 'Install the Debian package: sudo apt-get install --no-install-recommends ffmpeg'
        : 'Point FFMPEG_PATH at a working ffmpeg binary, or unset it to use the ffmpeg on PATH.'),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) ensureFfmpeg()
