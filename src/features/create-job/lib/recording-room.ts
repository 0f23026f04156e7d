// The room left on the device while recording (issue 25), from navigator.storage.estimate: a warning
// at 100 MB left, and a stop when nothing is left, so what was recorded stays whole.

export const LOW_ROOM_BYTES = 100 * 1024 * 1024
/** Less than this is nothing: not even a few more seconds' chunks would be sure to fit. */
export const NO_ROOM_BYTES = 1024 * 1024

export type RoomVerdict = 'enough' | 'low' | 'none'

/** null: the browser does not say, so recording goes on (a refused write still stops it). */
export function roomVerdict(room: number | null): RoomVerdict {
  if (room === null || room > LOW_ROOM_BYTES) return 'enough'
  return room < NO_ROOM_BYTES ? 'none' : 'low'
}
