// `npm run dev`: the API server restarting on change, and Vite with hot reload in front of it.
// Open the address Vite prints; it forwards /api to the server.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const port = process.env.PORT ?? '8080'
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--tsconfig', 'server/tsconfig.json', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: port } }),
]

const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => {
  stop()
  process.exitCode = code ?? 0
})
