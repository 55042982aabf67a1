// npm run dev: the server restarts on change (tsx watch) and Vite hot-reloads the app on :5173,
// proxying /api and /socket.io to the server.
import { spawn } from 'node:child_process'

const devOrigins = (port) =>
  ['localhost', '127.0.0.1'].flatMap((host) => [`http://${host}:5173`, `http://${host}:${port}`]).join(',')

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      STATIC_DIR: 'dist-none',
      // Wallet login accepts messages for the Vite page (5173) as well as the server's own port.
      PUBLIC_URL: process.env.PUBLIC_URL || devOrigins(process.env.PORT || '8080'),
    },
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
