// At start the server checks that ffmpeg runs, because audio uploads cannot be priced without it
// (docs/decisions/create-job-measuring-audio.md): in production a missing ffmpeg stops the start;
// elsewhere the server starts (every other page works) and says loudly what to install.
import type { Config } from '../config.ts'
import { ffmpegVersion } from './measure-with-ffmpeg.ts'

export type FfmpegCheck = { ok: true; version: string } | { ok: false; stop: boolean; message: string }

export async function checkFfmpegAtStart(config: Pick<Config, 'ffmpegPath' | 'production'>): Promise<FfmpegCheck> {
  const version = await ffmpegVersion(config.ffmpegPath)
  if (version !== null) return { ok: true, version }
  const message =
    `ffmpeg could not be run from "${config.ffmpegPath}" (the FFMPEG_PATH setting), so audio durations cannot be measured ` +
    `and every audio upload will be refused. Install Debian's ffmpeg: sudo apt-get install --no-install-recommends ffmpeg` +
    (config.production ? ' (NODE_ENV=production: not starting without it)' : '')
  return { ok: false, stop: config.production, message }
}
