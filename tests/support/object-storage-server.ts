// Starts a throwaway S3-protocol server for tests: a single-node Ceph (one mon, one OSD keeping its
// data in memory, and the RADOS Gateway speaking S3) from Debian's packages, on free ports of
// 127.0.0.1, in a scratch folder; with a user and one bucket. The choice and its measurements are in
// docs/research/s3-protocol-server.md (the only server installable here that passes every call the
// storage uses, ListParts and ListMultipartUploads included). Takes about 20 s; stop() ends the
// daemons (its own child processes, so they are reaped) and removes the folder.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { freePort } from './free-port.ts'

export interface ObjectStorageServer {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** The S3_* settings for a server process using this bucket. */
  env: Record<string, string>
  stop(): Promise<void>
}

/** Debian's packages with the daemons and the tools that set them up (ceph-common comes with them). */
export const OBJECT_STORAGE_PACKAGES = ['radosgw', 'ceph-mon', 'ceph-osd']
const NEEDED_COMMANDS = ['radosgw', 'radosgw-admin', 'ceph-mon', 'ceph-osd', 'ceph', 'ceph-authtool', 'monmaptool']

const run = promisify(execFile)
const REGION = 'us-east-1'
const BUCKET = 'inspectscribe-test'
const READY_LIMIT_MS = 90_000

const hasCommand = (name: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Installs Debian's Ceph packages when they are missing and this runs as root; otherwise says what to install. */
export function ensureObjectStorageTools(): void {
  if (NEEDED_COMMANDS.every(hasCommand)) return
  if (process.getuid?.() === 0 && hasCommand('apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...OBJECT_STORAGE_PACKAGES], { stdio: 'inherit', env })
    if (NEEDED_COMMANDS.every(hasCommand)) return
  }
  const missing = NEEDED_COMMANDS.filter((name) => !hasCommand(name))
  throw new Error(
    `The object storage tests need Ceph's RADOS Gateway, which is missing (${missing.join(', ')}): install Debian's packages with ` +
      `sudo apt-get install --no-install-recommends ${OBJECT_STORAGE_PACKAGES.join(' ')}`,
  )
}

/** Three different free ports (the OS may hand the same one twice once it is closed again). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

function cephConf(root: string, fsid: string, monAddress: string, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = ${monAddress}
public network = 127.0.0.0/8
run dir = ${root}/run
admin socket = ${root}/run/$name.asok
log file = ${root}/log/$name.log
pid file = ${root}/run/$name.pid
keyring = ${root}/keyring
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
osd pool default pg autoscale mode = off
osd pool default pg num = 8
osd pool default pgp num = 8
mon max pg per osd = 1000
auth allow insecure global id reclaim = false
[mon.a]
mon data = ${root}/mon
[osd.0]
osd data = ${root}/osd0
osd objectstore = memstore
# A limit, not a reservation: memory is used only for what is stored.
memstore device bytes = 4294967296
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
`
}

async function waitFor(what: string, check: () => Promise<boolean>, daemons: ChildProcess[], log: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + READY_LIMIT_MS
  while (Date.now() < deadline) {
    const dead = daemons.find((daemon) => daemon.exitCode !== null || daemon.signalCode !== null)
    if (dead) throw new Error(`${dead.spawnfile} exited (${dead.exitCode ?? dead.signalCode}) before ${what}:\n${await log()}`)
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what} did not happen within ${READY_LIMIT_MS / 1000} s:\n${await log()}`)
}

export async function startObjectStorageServer(): Promise<ObjectStorageServer> {
  ensureObjectStorageTools()
  const root = await mkdtemp(path.join(tmpdir(), 'inspectscribe-s3-'))
  const daemons: ChildProcess[] = []
  const stopDaemons = async () => {
    // Reverse order of start: the gateway, then the OSD, then the monitor.
    for (const daemon of daemons.reverse()) {
      if (daemon.exitCode !== null || daemon.signalCode !== null) continue
      const exited = new Promise((resolve) => daemon.once('exit', resolve))
      daemon.kill('SIGKILL') // throwaway data: nothing to shut down cleanly
      await exited
    }
  }
  try {
    await Promise.all(['mon', 'osd0', 'run', 'log'].map((folder) => mkdir(path.join(root, folder))))
    const [monV2, monV1, rgwPort] = (await freePorts(3)) as [number, number, number]
    const monAddress = `[v2:127.0.0.1:${monV2},v1:127.0.0.1:${monV1}]`
    const conf = path.join(root, 'ceph.conf')
    const keyring = path.join(root, 'keyring')
    const fsid = randomUUID()
    await writeFile(conf, cephConf(root, fsid, monAddress, rgwPort))
    const log = async () => {
      const tails = await Promise.all(
        ['mon.a', 'osd.0', 'client.rgw.a'].map(async (name) => `--- ${name}.log\n${(await readFile(path.join(root, 'log', `${name}.log`), 'utf8').catch(() => '(none)')).slice(-2000)}`),
      )
      return tails.join('\n')
    }
    const ceph = (...args: string[]) => run('ceph', ['-c', conf, '--connect-timeout', '30', ...args], { cwd: root, timeout: 60_000 })
    const daemon = (command: string, args: string[]) => {
      // -f: in the foreground, as this process's child, so stop() can end it and it is reaped.
      const child = spawn(command, ['-c', conf, '-f', ...args], { cwd: root, stdio: 'ignore' })
      daemons.push(child)
      return child
    }

    await run('ceph-authtool', ['--create-keyring', keyring, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *'])
    await run('ceph-authtool', [keyring, '--gen-key', '-n', 'client.admin', '--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *'])
    await run('ceph-authtool', [keyring, '--gen-key', '-n', 'osd.0', '--cap', 'mon', 'allow profile osd', '--cap', 'osd', 'allow *'])
    await run('ceph-authtool', [keyring, '--gen-key', '-n', 'client.rgw.a', '--cap', 'mon', 'allow rw', '--cap', 'osd', 'allow rwx'])
    await run('monmaptool', ['--create', '--addv', 'a', monAddress, '--fsid', fsid, path.join(root, 'monmap')])
    await run('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', path.join(root, 'monmap'), '--keyring', keyring])
    daemon('ceph-mon', ['-i', 'a'])

    await ceph('osd', 'create')
    await run('ceph-osd', ['-c', conf, '-i', '0', '--mkfs'], { cwd: root })
    await ceph('osd', 'crush', 'add-bucket', 'localhost', 'host')
    await ceph('osd', 'crush', 'move', 'localhost', 'root=default')
    await ceph('osd', 'crush', 'add', 'osd.0', '1.0', 'host=localhost')
    daemon('ceph-osd', ['-i', '0'])
    await waitFor('the OSD came up', async () => / 1 up/.test((await ceph('osd', 'stat')).stdout), daemons, log)

    daemon('radosgw', ['-n', 'client.rgw.a'])
    const endpoint = `http://127.0.0.1:${rgwPort}`
    await waitFor('the gateway answered', async () => (await fetch(endpoint)).ok, daemons, log)

    const accessKeyId = `TEST${randomBytes(8).toString('hex').toUpperCase()}`
    const secretAccessKey = randomBytes(24).toString('base64url')
    await run('radosgw-admin', ['-c', conf, 'user', 'create', '--uid', 'tester', '--display-name', 'tester', '--access-key', accessKeyId, '--secret', secretAccessKey], {
      cwd: root,
      timeout: 90_000,
    })
    const client = new S3Client({
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }))
    client.destroy()

    return {
      endpoint,
      region: REGION,
      bucket: BUCKET,
      accessKeyId,
      secretAccessKey,
      env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: REGION, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_FORCE_PATH_STYLE: 'true' },
      async stop() {
        await stopDaemons()
        await rm(root, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await stopDaemons()
    await rm(root, { recursive: true, force: true })
    throw error
  }
}
