// Makes sure Debian's ffmpeg is there before the server starts (it measures every audio upload's
// duration; docs/decisions/create-job-measuring-audio.md). As root with apt-get it installs the
// `ffmpeg` package when it is missing. It prints no advice of its own: the server checks ffmpeg at start
// and says what to install (refusing audio uploads without it, and in production refusing to start).
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
      // apt-get printed why (no network, a locked dpkg); the server's start check says what to do.
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureFfmpeg()
