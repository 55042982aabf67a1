// npm run dev: the server restarts on change (tsx watch) and Vite hot-reloads the app on :5173,
// proxying /api and /socket.io to the server.
import { spawn } from 'node:child_process'

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: 'dist-none' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const p of procs) p.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const p of procs)
  p.on('exit', (code) => {
    stop()
    process.exit(code ?? 0)
  })
