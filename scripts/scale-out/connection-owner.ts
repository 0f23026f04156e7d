// Which product process holds a TCP connection: the run must kill the process that is doing the work
// (holding a tus upload's lock, waiting on the engine, writing a payment), not any process. Linux only:
// the kernel's table of TCP sockets (/proc/net/tcp) gives each connection's ports and socket inode, and
// a process's open files (/proc/<pid>/fd) name the inodes of its sockets.
import { readdir, readFile, readlink } from 'node:fs/promises'
import type { ProductProcess } from './product-process.ts'

interface TcpConnection {
  localPort: number
  remotePort: number
  inode: string
}

const ESTABLISHED = '01'

async function establishedConnections(): Promise<TcpConnection[]> {
  const lines = (await readFile('/proc/net/tcp', 'utf8')).split('\n').slice(1)
  const connections: TcpConnection[] = []
  for (const line of lines) {
    const fields = line.trim().split(/\s+/)
    if (fields.length < 10 || fields[3] !== ESTABLISHED) continue
    const port = (address: string) => Number.parseInt(address.split(':')[1]!, 16)
    connections.push({ localPort: port(fields[1]!), remotePort: port(fields[2]!), inode: fields[9]! })
  }
  return connections
}

async function socketInodes(pid: number): Promise<Set<string>> {
  const inodes = new Set<string>()
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[])
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
    if (inode) inodes.add(inode)
  }
  return inodes
}

/** The process that has an established connection matching `match` (its own side's ports), or null. */
export async function connectionOwner(processes: ProductProcess[], match: (connection: TcpConnection) => boolean): Promise<ProductProcess | null> {
  const wanted = (await establishedConnections()).filter(match).map((connection) => connection.inode)
  if (wanted.length === 0) return null
  for (const product of processes) {
    const inodes = await socketInodes(product.pid())
    if (wanted.some((inode) => inodes.has(inode))) return product
  }
  return null
}
