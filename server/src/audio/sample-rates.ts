// The sample rates a recording may claim. Phones, dictaphones and field recorders write 8 to 96 kHz;
// a header claiming more is either not a voice recording or a rate raised to make it measure shorter
// (a WAV of 10 minutes at 16 kHz relabelled 1.6 MHz reads as 6 s), so it is refused, not measured.
export const LOWEST_SAMPLE_RATE = 8_000
export const HIGHEST_SAMPLE_RATE = 96_000

/** Null when `hertz` is a rate a recorder writes, else what is wrong with it (for the log). */
export function sampleRateProblem(hertz: number): string | null {
  return Number.isInteger(hertz) && hertz >= LOWEST_SAMPLE_RATE && hertz <= HIGHEST_SAMPLE_RATE
    ? null
    : `sample rate ${hertz} Hz is outside ${LOWEST_SAMPLE_RATE}–${HIGHEST_SAMPLE_RATE} Hz`
}
