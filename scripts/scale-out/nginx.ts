// nginx from Debian's package as the reverse proxy, on the repository's deploy/nginx.conf: the template
// filled with a scratch folder, the listening address, the address it connects to the processes from
// and one upstream line per process. It runs unprivileged (as www-data when this script is root) with
// everything it writes in the scratch folder. Installed with apt-get when missing and running as root.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT } from './paths.ts'
import { waitFor } from './wait-for.ts'

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf')
const NGINX_BIN = '/usr/sbin/nginx'
/**
 * nginx connects to the processes from this loopback address, and the processes trust only it
 * (TRUST_PROXY): the clients of this run connect from 127.0.0.1, so a client is never taken for the proxy.
 */
export const PROXY_ADDRESS = '127.0.0.2'

export interface Nginx {
  url: string
  /** The access log's lines so far (format `upstream` of deploy/nginx.conf). */
  accessLog(): Promise<AccessLine[]>
  /** Its access and error logs, kept beside a failed run's report. */
  logFiles(): string[]
  /** Points the upstream at these ports and reloads (old workers finish their requests). */
  reload(ports: number[]): Promise<void>
  stop(): Promise<void>
}

export interface AccessLine {
  method: string
  path: string
  status: number
  /** The process addresses nginx tried, in order (`127.0.0.1:4001`, or several after a retry). */
  upstreams: string[]
}

/** Installs Debian's nginx-light when nginx is missing and this runs as root; otherwise says what to install. */
export function ensureNginx(): void {
  if (existsSync(NGINX_BIN)) return
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is missing: install Debian\'s nginx-light (apt-get install --no-install-recommends nginx-light) or nginx, then run again.')
  }
  console.log('Installing nginx-light with apt-get (nginx is missing)…')
  execFileSync('apt-get', ['install', '--no-install-recommends', '-y', 'nginx-light'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}

/** The template with its names filled; every name must be given. */
export function renderNginxConf(template: string, values: { scratch: string; listen: string; proxyAddress: string; upstreamPorts: number[] }): string {
  const upstreams = values.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')
  // The header comment names them too: only the directives are filled, and every name must be.
  const filled = template
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('#')
        ? line
        : line
            .replaceAll('{{SCRATCH}}', values.scratch)
            .replaceAll('{{LISTEN}}', values.listen)
            .replaceAll('{{PROXY_ADDRESS}}', values.proxyAddress)
            .replaceAll('{{UPSTREAM_SERVERS}}', upstreams),
    )
    .join('\n')
  const unfilled = filled.split('\n').filter((line) => !line.trimStart().startsWith('#') && /\{\{\w+\}\}/.test(line))
  if (unfilled.length > 0) throw new Error(`deploy/nginx.conf has names this script does not fill: ${unfilled.join('; ')}`)
  return filled
}

function unprivileged(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {}
  return { uid: Number(execFileSync('id', ['-u', 'www-data']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'www-data']).toString().trim()) }
}

export async function startNginx(port: number, upstreamPorts: number[]): Promise<Nginx> {
  ensureNginx()
  const scratch = await mkdtemp(path.join(tmpdir(), 'inspectscribe-nginx-'))
  const user = unprivileged()
  for (const folder of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(scratch, folder))
  if (user.uid !== undefined) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, scratch])
  const confPath = path.join(scratch, 'nginx.conf')
  const template = await readFile(NGINX_TEMPLATE, 'utf8')
  const writeConf = async (ports: number[]) => {
    await writeFile(confPath, renderNginxConf(template, { scratch, listen: `127.0.0.1:${port}`, proxyAddress: PROXY_ADDRESS, upstreamPorts: ports }))
    if (user.uid !== undefined) await chown(confPath, user.uid, user.gid!)
  }
  await writeConf(upstreamPorts)
  // -e: the error log before the configuration is read (the package's default is under /var/log).
  const args = ['-p', scratch, '-c', confPath, '-e', path.join(scratch, 'error.log'), '-g', 'daemon off;']
  try {
    execFileSync(NGINX_BIN, [...args, '-t', '-q'], { ...user, stdio: 'pipe' })
  } catch (error) {
    const refusal = `nginx refused the filled deploy/nginx.conf: ${String((error as { stderr?: Buffer }).stderr ?? error)}\n${await readFile(confPath, 'utf8')}`
    await rm(scratch, { recursive: true, force: true })
    throw new Error(refusal)
  }
  let output = ''
  const child: ChildProcess = spawn(NGINX_BIN, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const errorLog = async () => `${output}${await readFile(path.join(scratch, 'error.log'), 'utf8').catch(() => '')}`
  await waitFor('nginx answers', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}:\n${await errorLog()}`)
    return (await fetch(`${url}/api/health/ready`).catch(() => null))?.status === 200
  })

  return {
    url,
    async accessLog() {
      const text = await readFile(path.join(scratch, 'access.log'), 'utf8').catch(() => '')
      return text.split('\n').filter(Boolean).map(parseAccessLine)
    },
    logFiles: () => [path.join(scratch, 'access.log'), path.join(scratch, 'error.log')],
    async reload(ports) {
      await writeConf(ports)
      execFileSync(NGINX_BIN, [...args, '-s', 'reload'], { ...user, stdio: 'pipe' })
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGQUIT') // graceful: finishes the requests under way
        await exited
      }
      await rm(scratch, { recursive: true, force: true })
    },
  }
}

const ACCESS_LINE = /"(\S+) (\S+) [^"]*" (\d{3}) \d+ upstream=(\S+)/

export function parseAccessLine(line: string): AccessLine {
  const match = ACCESS_LINE.exec(line)
  if (!match) return { method: '', path: '', status: 0, upstreams: [] }
  const [, method, requestPath, status, upstream] = match
  return { method: method!, path: requestPath!, status: Number(status), upstreams: upstream === '-' ? [] : upstream!.split(/,\s*|\s+:\s+/).filter(Boolean) }
}
