// What the server says at start about ffmpeg: its version when it runs; when it does not, a message
// naming the setting and the package, and in production a refusal to start.
import { describe, expect, it } from 'vitest'
import { checkFfmpegAtStart } from '../../src/audio/ffmpeg-at-start.ts'

const MISSING = '/nonexistent/bin/ffmpeg'

describe('checking ffmpeg at start', () => {
  it("answers Debian's ffmpeg version when it runs", async () => {
    expect(await checkFfmpegAtStart({ ffmpegPath: 'ffmpeg', production: true })).toEqual({ ok: true, version: expect.stringMatching(/^ffmpeg version \S+/) })
  })

  it('goes on without it outside production, saying what to install', async () => {
    expect(await checkFfmpegAtStart({ ffmpegPath: MISSING, production: false })).toEqual({
      ok: false,
      stop: false,
      message: `ffmpeg could not be run from "${MISSING}" (the FFMPEG_PATH setting), so audio durations cannot be measured and every audio upload will be refused. Install Debian's ffmpeg: sudo apt-get install --no-install-recommends ffmpeg`,
    })
  })

  it('stops a production start without it', async () => {
    expect(await checkFfmpegAtStart({ ffmpegPath: MISSING, production: true })).toMatchObject({
      ok: false,
      stop: true,
      message: expect.stringMatching(/Install Debian's ffmpeg: sudo apt-get install --no-install-recommends ffmpeg \(NODE_ENV=production: not starting without it\)$/),
    })
  })
})
