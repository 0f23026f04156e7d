// An upload's idle limit: the request's connection is ended when the client sends nothing for a while
// during `read`, so a stalled upload fails like a dropped one (the reader takes its files back) instead
// of holding a connection and a half-written file for ever. Only the reading is watched: once the body
// is read, the client waits quietly for the answer (measuring may take a while) and is not cut.
import type { FastifyRequest } from 'fastify'

export async function withIdleLimit<T>(request: FastifyRequest, idleMs: number, read: () => Promise<T>): Promise<T> {
  const socket = request.raw.socket
  // app.inject's stand-in socket has no timer and never stalls.
  if (typeof socket?.setTimeout !== 'function') return read()
  const giveUp = () => socket.destroy(new Error(`the upload sent nothing for ${idleMs} ms`))
  socket.setTimeout(idleMs, giveUp)
  try {
    return await read()
  } finally {
    socket.setTimeout(0)
    socket.off('timeout', giveUp)
  }
}
