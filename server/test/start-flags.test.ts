// The server's node flags (server/src/start-flags.ts) are on every command that starts it for real: the
// README's `npm start` and the service unit of docs/deploy.md; the harnesses take the list itself.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS } from '../src/start-flags.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const ENTRY = 'server/dist/src/main.js'

/** The node command line that runs the compiled entry in `text`: what stands between `node` and the entry. */
function flagsBeforeEntry(text: string): string[] {
  const match = new RegExp(`node((?: --[\\w-]+(?:=\\S+)?)*) ${ENTRY.replace(/[./]/g, '\\$&')}`).exec(text)
  expect(match, `no "node … ${ENTRY}" in the text`).not.toBeNull()
  return match![1]!.trim().split(/\s+/).filter(Boolean)
}

describe('the flags the server is started with', () => {
  it('npm start passes exactly the listed flags', () => {
    const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
    expect(flagsBeforeEntry(start)).toEqual([...SERVER_NODE_FLAGS])
  })

  it('the service unit in docs/deploy.md passes exactly the listed flags', () => {
    const unit = readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8')
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='))!
    expect(flagsBeforeEntry(execStart)).toEqual([...SERVER_NODE_FLAGS])
  })
})
