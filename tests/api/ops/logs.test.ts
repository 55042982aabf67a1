import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

async function freePort(): Promise<number> {
  const s = net.createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
  const port = (s.address() as net.AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

/**
 * A full run of the real server in production mode, its output captured as an operator's log
 * collector would (not a terminal: JSON lines): the first admin's password shows once, framed, and
 * no secret used during the run (passwords, session tokens, Authorization headers) is in any log line.
 */
describe('logs of a production run', () => {
  let child: ChildProcess
  let out = ''
  let base = ''
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-logs-'))

  beforeAll(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}/api`
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        BACKFILL_DAYS: '0',
        METRICS_PORT: '0',
        STATIC_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (d) => {
      out += d
    })
    child.stderr?.on('data', (d) => {
      out += d
    })
    const until = Date.now() + 150_000
    while (!out.includes('exchange ready')) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`server did not start:\n${out}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }, 160_000)

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('frames the one-time password once and keeps every secret of the run out of the log lines', async () => {
    const frame = /║\s+one-time password:\s+(\S+)/.exec(out)
    expect(frame, out).not.toBeNull()
    const otp = frame?.[1] as string
    expect(out).toContain('╔')

    const post = async (url: string, body: unknown, token?: string) =>
      (await fetch(`${base}/${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as { code: number; data: Record<string, unknown> | null }
    const wrong = 'Wr0ng-Secret-Pass!42'
    expect((await post('user/login', { account: 'admin@localhost', password: wrong })).code).not.toBe(200)
    const login = await post('user/login', { account: 'admin@localhost', password: otp })
    expect(login.code).toBe(200)
    const secrets = [wrong, otp]
    const token = typeof login.data?.token === 'string' ? login.data.token : null
    if (token) {
      secrets.push(token)
      await fetch(`${base}/user/info`, { headers: { authorization: `Bearer ${token}` } })
    }
    // A bearer that is not a session is still a secret of its sender.
    const forged = 'forged-token-0123456789abcdef0123456789abcdef'
    await fetch(`${base}/user/info`, { headers: { authorization: `Bearer ${forged}` } })
    secrets.push(forged)

    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    // Every line but the frame is a JSON log line; none holds a secret.
    const lines = out.split('\n').filter((l) => l.trim() && !/^[╔║╚]/.test(l))
    const json = lines.filter((l) => l.startsWith('{'))
    expect(json.length).toBeGreaterThan(5)
    for (const s of secrets) for (const l of lines) expect(l.includes(s), `${s} in ${l}`).toBe(false)
    // The password appears exactly once: in the frame.
    expect(out.split(otp).length - 1).toBe(1)
    // Request lines are at debug with their request id; the Authorization header is never logged.
    expect(json.some((l) => l.includes('"request completed"') && l.includes('"reqId"'))).toBe(true)
  }, 60_000)
})
