// npm start: build the PWA if needed, then serve it and the exchange on one port.
import { spawn } from 'node:child_process'
import { buildIfStale } from './build-if-stale.mjs'

buildIfStale()
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => process.exit(code ?? 0))
