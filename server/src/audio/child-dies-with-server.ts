// A child process the server starts must never outlive it (issue 24 item 7): not when it stops cleanly,
// and not when it is killed with SIGKILL or crashes, when no exit handler of ours runs. Linux can do
// this for us: a process's parent-death signal (PR_SET_PDEATHSIG) is sent to it the moment the process
// that started it ends, however it ends. Node cannot set it, so util-linux's `setpriv --pdeathsig KILL`
// (Debian's essential util-linux, beside the prlimit the measure already uses) sets it and then execs the
// command: the pid Node holds stays the command's own, so killing it still reaches it, and the signal
// survives the command's own exec (prlimit execs ffmpeg). Watching the parent from the child, or a
// process group killed from an exit handler, would miss a SIGKILL of the server.

/** The program and arguments to spawn so that `command args…` is killed when this process ends. */
export function diesWithServer(command: string, args: readonly string[]): [string, string[]] {
  return ['setpriv', ['--pdeathsig', 'KILL', '--', command, ...args]]
}
