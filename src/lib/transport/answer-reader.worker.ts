// The worker that reads a long answer for the page (answer-reader.ts): one request a worker, started by
// read-in-worker.ts and ended by it once the answer is in.
import { readAnswer, type ReadMessage, type ReadRequest } from './answer-reader'

// Typed as the page's `self` by the DOM library; in a dedicated worker, postMessage takes the message alone.
const scope = self as unknown as { postMessage(message: ReadMessage): void; onmessage: ((event: MessageEvent<ReadRequest>) => void) | null }

scope.onmessage = (event) => {
  const post = (message: ReadMessage) => scope.postMessage(message)
  // A rejection inside a worker reaches no error handler of the page: said here, or the page would wait for ever.
  readAnswer(event.data, post).catch(() => post({ kind: 'failed' }))
}
