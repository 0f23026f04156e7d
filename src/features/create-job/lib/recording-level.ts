// The recorder's level meter (issue 25): how loud the microphone hears the clerk, from a Web Audio
// AnalyserNode, so a muted or covered microphone shows before an hour is recorded in silence.

/**
 * The level meter's reading, 0 to 100, from an AnalyserNode's time-domain bytes (128 is silence):
 * the RMS, scaled so that ordinary speech fills about half the meter.
 */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (let i = 0; i < samples.length; i++) {
    const centred = (samples[i]! - 128) / 128
    sum += centred * centred
  }
  const rms = Math.sqrt(sum / samples.length)
  return Math.min(100, Math.round(rms * 300))
}
