// The flags node is started with for the server (package.json's `start`, docs/deploy.md's unit, and every
// harness that starts the compiled server as `npm start` does; server/test/start-flags.test.ts keeps the
// first two in step with this list). docs/decisions/idle-server-memory.md: V8's young generation,
// 32 MB by default, grows to its largest under a burst of requests and is never given back while the
// server then idles (PostgreSQL: 150 MB idle, 248 MB a minute after a load of full lists, on a quiet
// machine); with a 2 MB semi-space it is back to 119 MB, for 13-16 % fewer full lists a second at 8
// connections (still three times the bench's budget). V8 reads it only at start: it cannot be set from
// inside the process.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2']
