// npm run bench:socket — socket.io clients subscribed to the tickers channel of a real server on
// loopback: messages/s delivered and delivery latency (server send time -> client receipt) at
// 1,000 and 2,000 clients. The server runs the simulated feed at 10 ticks/s (INDEX_TICK_MS=100)
// so each client is offered 10 messages/s. Bounded: it stops itself after the rounds.
//
// Three kinds of process: this coordinator (spawns the server, drives the rounds, prints), the
// server, and BENCH_CLIENT_PROCS client processes (the same file with BENCH_SOCKET_ROLE=client),
// each holding its share of the sockets and timing receipts in its own event loop, so the
// coordinator's work never shows up as latency. Server and clients share this machine's cores;
// the CPU each side used during the measurement is printed with the figures.
//
// Then bytes to phones (issue 41): BENCH_SCREEN_CLIENTS sockets for each of three screens, all
// in the same window, subscribed as the app's screens subscribe (a visitor, no `user` channel):
// the market list (`tickers`), the quote page (`tickers`, `candle:<S>:15m`, `depth:<S>`,
// `trades:<S>`) and the spot trade screen (`tickers`, `depth:<S>`), S = BENCH_SCREEN_SYMBOL. It
// reports, per client and second, the bytes read from the TCP socket (WebSocket frames as sent,
// compressed if the server compressed them), the JSON text the app parses, messages, and what
// per-message deflate (no context takeover, zlib's default level) would make of that text and
// the CPU it would cost per frame; plus the one-off bytes of the subscribe answers (snapshots).
// The market makers move the book (on by default), the simulated index ticks 10 times a second.
//
// Options (environment): BENCH_LEVELS=1000,2000 (empty: skip the latency rounds)
// BENCH_MEASURE_MS=10000  BENCH_CLIENT_PROCS=2  BENCH_SCREEN_CLIENTS=30 (0: skip the screens)
// BENCH_SCREEN_MS=20000  BENCH_SCREEN_SYMBOL=BTCUSDT  BENCH_SERVER_DIR=<checkout> (run that
// checkout's server, e.g. a worktree of an older commit, for a before/after comparison)
// BENCH_CPU_PROF=<dir> (writes V8 CPU profiles of the server and of each client process there).
import { type ChildProcess, fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { io, type Socket } from 'socket.io-client'
import { processCpuMs } from './proc-cpu'

/** Latency histogram: 1 ms buckets up to 10 s, the last bucket holds everything slower. */
const BUCKETS = 10_001

type ToClient =
  | { cmd: 'connect'; port: number; n: number }
  | { cmd: 'sub' }
  | { cmd: 'unsub' }
  | { cmd: 'record'; on: boolean }
  | { cmd: 'report' }
  | { cmd: 'screens'; port: number; groups: ScreenGroup[] }
  | { cmd: 'screenRecord'; on: boolean }
  | { cmd: 'screenReport' }
  | { cmd: 'exit' }

/** One screen of the app: the channels it subscribes to, and how many sockets this process holds. */
interface ScreenGroup {
  name: string
  channels: string[]
  n: number
}

/** A screen's totals in one client process over the recording window. */
interface ScreenTotals {
  name: string
  sockets: number
  /** Bytes read from the TCP sockets (WebSocket frames). */
  wire: number
  /** The text of the engine.io packets (what the app parses). */
  text: number
  messages: number
  /** The subscribe answers, once per socket (bytes read while subscribing). */
  snapshotWire: number
  /** Sample socket: the same packets deflated one by one, their sizes and the CPU it took (ns). */
  sampleText: number
  sampleDeflated: number
  sampleFrames: number
  sampleDeflateNs: number
}
type FromClient =
  | {
      ok: true
      cmd: string
      hist?: number[]
      ageHist?: number[]
      received?: number
      gaps?: number
      bytes?: number
      screens?: ScreenTotals[]
    }
  | { ok: false; cmd: string; error: string }

if (process.env.BENCH_SOCKET_ROLE === 'client') runClient()
else await runCoordinator()

// ---------------------------------------------------------------------------------------------
// Client process: holds sockets, answers the coordinator's commands over IPC.

function runClient(): void {
  const sockets: Socket[] = []
  const lastSeq = new Map<Socket, number>()
  let recording = false
  let received = 0
  let gaps = 0
  let sampleBytes = 0
  let hist = new Array<number>(BUCKETS).fill(0)
  let ageHist = new Array<number>(BUCKETS).fill(0)
  const send = (m: FromClient) => process.send?.(m)

  // Screens (bytes to phones).
  interface ScreenSocket {
    s: Socket
    group: string
    sample: boolean
    wire0: number
    text: number
    messages: number
    snapshotWire: number
    sampleText: number
    sampleDeflated: number
    sampleFrames: number
    sampleDeflateNs: number
  }
  const screenSockets: ScreenSocket[] = []
  let screenRecording = false
  /** Bytes read so far on a socket.io-client socket's TCP connection (websocket transport). */
  const bytesRead = (s: Socket): number =>
    (s.io.engine as unknown as { transport?: { ws?: { _socket?: { bytesRead: number } } } }).transport?.ws
      ?._socket?.bytesRead ?? 0
  const openScreen = (port: number, g: ScreenGroup, sample: boolean) =>
    new Promise<void>((resolve, reject) => {
      const s = io(`http://127.0.0.1:${port}`, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
      })
      const st: ScreenSocket = {
        s,
        group: g.name,
        sample,
        wire0: 0,
        text: 0,
        messages: 0,
        snapshotWire: 0,
        sampleText: 0,
        sampleDeflated: 0,
        sampleFrames: 0,
        sampleDeflateNs: 0,
      }
      screenSockets.push(st)
      s.io.engine.on('data', (d: unknown) => {
        if (!screenRecording || typeof d !== 'string') return
        st.text += Buffer.byteLength(d)
        if (!st.sample) return
        const t0 = process.hrtime.bigint()
        const z = zlib.deflateRawSync(d)
        st.sampleDeflateNs += Number(process.hrtime.bigint() - t0)
        st.sampleText += Buffer.byteLength(d)
        st.sampleDeflated += z.length
        st.sampleFrames++
      })
      s.on('msg', () => {
        if (screenRecording) st.messages++
      })
      s.on('connect_error', reject)
      s.on('connect', () => {
        const before = bytesRead(s)
        Promise.all(g.channels.map((ch) => s.emitWithAck('sub', ch)))
          .then((acks: { ok: boolean }[]) => {
            if (!acks.every((a) => a.ok)) throw new Error(`subscribe refused on ${g.name}`)
            st.snapshotWire = bytesRead(s) - before
            resolve()
          })
          .catch(reject)
      })
    })

  const connectOne = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const s = io(`http://127.0.0.1:${port}`, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
      })
      sockets.push(s)
      s.on('msg', (m: { ts: number; seq: number; data: { ts?: number }[] }) => {
        // Receipt time first, before any of the bench's own work.
        const now = Date.now()
        const lat = now - m.ts
        const prev = lastSeq.get(s)
        if (prev !== undefined && m.seq !== prev + 1) gaps++
        lastSeq.set(s, m.seq)
        if (!recording) return
        received++
        bump(hist, lat)
        // Freshness: from the index tick (the newest ticker's own time) to receipt, which also
        // counts any time the update waited on the server before being sent.
        let tick = 0
        for (const t of m.data) if (typeof t.ts === 'number' && t.ts > tick) tick = t.ts
        if (tick > 0) bump(ageHist, now - tick)
        if (s === sockets[0] && sampleBytes === 0) sampleBytes = JSON.stringify(m).length
      })
      s.on('connect_error', reject)
      s.on('connect', () => resolve())
    })

  process.on('message', async (msg: ToClient) => {
    try {
      switch (msg.cmd) {
        case 'connect':
          // In waves, so the handshakes do not all land in the same tick.
          for (let i = 0; i < msg.n; i += 50)
            await Promise.all(Array.from({ length: Math.min(50, msg.n - i) }, () => connectOne(msg.port)))
          break
        case 'sub':
          await Promise.all(
            sockets.map(async (s) => {
              const ack = (await s.emitWithAck('sub', 'tickers')) as { ok: boolean; seq: number }
              if (!ack.ok) throw new Error('subscribe refused')
              lastSeq.set(s, ack.seq)
            }),
          )
          break
        case 'unsub':
          for (const s of sockets) s.emit('unsub', 'tickers')
          lastSeq.clear()
          break
        case 'record':
          if (msg.on) {
            received = 0
            gaps = 0
            sampleBytes = 0
            hist = new Array<number>(BUCKETS).fill(0)
            ageHist = new Array<number>(BUCKETS).fill(0)
          }
          recording = msg.on
          break
        case 'report':
          send({ ok: true, cmd: msg.cmd, hist, ageHist, received, gaps, bytes: sampleBytes })
          return
        case 'screens':
          for (const g of msg.groups)
            await Promise.all(Array.from({ length: g.n }, (_, i) => openScreen(msg.port, g, i === 0)))
          break
        case 'screenRecord':
          if (msg.on) {
            for (const st of screenSockets) {
              st.wire0 = bytesRead(st.s)
              st.text = 0
              st.messages = 0
              st.sampleText = 0
              st.sampleDeflated = 0
              st.sampleFrames = 0
              st.sampleDeflateNs = 0
            }
          } else for (const st of screenSockets) st.wire0 = bytesRead(st.s) - st.wire0
          screenRecording = msg.on
          break
        case 'screenReport': {
          const by = new Map<string, ScreenTotals>()
          for (const st of screenSockets) {
            let t = by.get(st.group)
            if (!t) {
              t = {
                name: st.group,
                sockets: 0,
                wire: 0,
                text: 0,
                messages: 0,
                snapshotWire: 0,
                sampleText: 0,
                sampleDeflated: 0,
                sampleFrames: 0,
                sampleDeflateNs: 0,
              }
              by.set(st.group, t)
            }
            t.sockets++
            t.wire += st.wire0
            t.text += st.text
            t.messages += st.messages
            t.snapshotWire += st.snapshotWire
            t.sampleText += st.sampleText
            t.sampleDeflated += st.sampleDeflated
            t.sampleFrames += st.sampleFrames
            t.sampleDeflateNs += st.sampleDeflateNs
          }
          for (const st of screenSockets.splice(0)) st.s.close()
          send({ ok: true, cmd: msg.cmd, screens: [...by.values()] })
          return
        }
        case 'exit':
          for (const s of sockets) s.close()
          for (const st of screenSockets) st.s.close()
          process.exit(0)
      }
      send({ ok: true, cmd: msg.cmd })
    } catch (err) {
      send({ ok: false, cmd: msg.cmd, error: String(err) })
    }
  })
  process.on('disconnect', () => process.exit(0))
}

// ---------------------------------------------------------------------------------------------
// Coordinator.

async function runCoordinator(): Promise<void> {
  const levels = (process.env.BENCH_LEVELS ?? '1000,2000').split(',').filter(Boolean).map(Number)
  const measureMs = Number(process.env.BENCH_MEASURE_MS ?? 10_000)
  const screenClients = Number(process.env.BENCH_SCREEN_CLIENTS ?? 30)
  const screenMs = Number(process.env.BENCH_SCREEN_MS ?? 20_000)
  const screenSymbol = process.env.BENCH_SCREEN_SYMBOL ?? 'BTCUSDT'
  const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? '.')
  const procs = Math.max(1, Number(process.env.BENCH_CLIENT_PROCS ?? 2))
  const profDir = process.env.BENCH_CPU_PROF
  const hardLimitMs =
    360_000 + levels.length * (measureMs + 60_000) + (screenClients > 0 ? screenMs + 90_000 : 0)

  const port = 4800 + Math.floor(Math.random() * 500)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-socket-'))
  const server = spawn(
    process.execPath,
    [
      ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        BACKFILL_DAYS: '1',
        INDEX_TICK_MS: '100',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const clients: ChildProcess[] = []
  const waiting = new Map<ChildProcess, (m: FromClient) => void>()

  let finishing = false
  const finish = async (code: number) => {
    if (finishing) return
    finishing = true
    clearTimeout(hard)
    for (const c of clients) c.send({ cmd: 'exit' } satisfies ToClient)
    // SIGINT: the server shuts down cleanly (and writes its CPU profile, if asked).
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGINT')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))])
    server.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(code)
  }
  const hard = setTimeout(() => {
    console.error('bench:socket: time limit reached, stopping')
    void finish(1)
  }, hardLimitMs)

  /** Sends a command to every client process (or to the given ones) and waits for all answers. */
  const command = (msg: ToClient | ((i: number) => ToClient)) =>
    Promise.all(
      clients.map(
        (c, i) =>
          new Promise<FromClient & { ok: true }>((resolve, reject) => {
            waiting.set(c, (m) => (m.ok ? resolve(m) : reject(new Error(m.error))))
            c.send(typeof msg === 'function' ? msg(i) : msg)
          }),
      ),
    )

  /** CPU seconds (user + system) a process has used so far, from /proc; null where unavailable. */
  const cpuSeconds = (pid: number | undefined): number | null => {
    const ms = pid === undefined ? null : processCpuMs(pid)
    return ms === null ? null : ms / 1000
  }
  const cpuOf = (pids: (number | undefined)[]) => {
    const all = pids.map(cpuSeconds)
    return all.some((x) => x === null) ? null : (all as number[]).reduce((a, b) => a + b, 0)
  }

  /** Bytes to phones: the three screens' subscriptions side by side in one window. */
  const screens = async () => {
    const sym = screenSymbol
    const groups: Omit<ScreenGroup, 'n'>[] = [
      { name: 'market list', channels: ['tickers'] },
      { name: 'quote page', channels: ['tickers', `candle:${sym}:15m`, `depth:${sym}`, `trades:${sym}`] },
      { name: 'trade screen', channels: ['tickers', `depth:${sym}`] },
    ]
    // Let the market makers quote the book first (they start with the server).
    await new Promise((r) => setTimeout(r, 5000))
    await command((i) => ({
      cmd: 'screens',
      port,
      groups: groups.map((g) => ({
        ...g,
        n: Math.floor(screenClients / procs) + (i < screenClients % procs ? 1 : 0),
      })),
    }))
    await new Promise((r) => setTimeout(r, 1500))
    const serverCpu0 = cpuSeconds(server.pid)
    const t0 = Date.now()
    await command({ cmd: 'screenRecord', on: true })
    await new Promise((r) => setTimeout(r, screenMs))
    await command({ cmd: 'screenRecord', on: false })
    const elapsed = (Date.now() - t0) / 1000
    const serverCpu = cpuSeconds(server.pid)
    const reports = await command({ cmd: 'screenReport' })
    console.log(
      `bytes to phones: ${screenClients} clients per screen, ${(elapsed).toFixed(1)} s, symbol ${sym}; ` +
        `server CPU ${serverCpu0 === null || serverCpu === null ? 'n/a' : `${Math.round(((serverCpu - serverCpu0) / elapsed) * 100)}%`}`,
    )
    for (const g of groups) {
      const t = reports.flatMap((r) => r.screens ?? []).filter((x) => x.name === g.name)
      const sum = (f: (x: ScreenTotals) => number) => t.reduce((a, x) => a + f(x), 0)
      const sockets = sum((x) => x.sockets)
      const per = (f: (x: ScreenTotals) => number) => sum(f) / Math.max(1, sockets) / elapsed
      const ratio =
        sum((x) => x.sampleDeflated) /
        Math.max(
          1,
          sum((x) => x.sampleText),
        )
      const nsPerFrame =
        sum((x) => x.sampleDeflateNs) /
        Math.max(
          1,
          sum((x) => x.sampleFrames),
        )
      console.log(
        `  ${g.name.padEnd(12)} ${Math.round(per((x) => x.wire))
          .toLocaleString('en')
          .padStart(7)} B/s per client on the wire (${(per((x) => x.wire) * 0.008).toFixed(1)} kbit/s), ` +
          `${Math.round(per((x) => x.text)).toLocaleString('en')} B/s of JSON text, ${per((x) => x.messages).toFixed(1)} msg/s; ` +
          `deflated per message: ${Math.round(per((x) => x.text) * ratio).toLocaleString('en')} B/s ` +
          `(${(ratio * 100).toFixed(0)} %, ${(nsPerFrame / 1000).toFixed(0)} us CPU per frame per socket); ` +
          `subscribe answers ${Math.round(sum((x) => x.snapshotWire) / Math.max(1, sockets)).toLocaleString('en')} B once ` +
          `[${g.channels.join(' ')}]`,
      )
    }
  }

  try {
    await waitHealthy(port)
    for (let i = 0; i < procs; i++) {
      const c = fork(fileOf(import.meta.url), [], {
        env: { ...process.env, BENCH_SOCKET_ROLE: 'client' },
        execArgv: [
          ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : []),
          '--import',
          'tsx',
        ],
      })
      c.on('message', (m: FromClient) => {
        const w = waiting.get(c)
        waiting.delete(c)
        w?.(m)
      })
      c.on('exit', (code) => {
        if (!finishing) {
          console.error(`bench:socket: client process exited (${code})`)
          void finish(1)
        }
      })
      clients.push(c)
    }

    const cores = os.cpus().length
    console.log(
      `machine: ${cores} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    console.log(
      `server: 1 process; clients: ${procs} process(es) of socket.io-client (websocket only); ` +
        `coordinator separate. Server and clients share the same ${cores} cores.`,
    )

    if (serverDir !== process.cwd()) console.log(`server: the checkout at ${serverDir}`)
    if (screenClients > 0) await screens()

    let connected = 0
    for (const level of levels) {
      // Connect while nobody is subscribed (so handshakes are not starved), then subscribe all.
      await command({ cmd: 'unsub' })
      const add = level - connected
      await command((i) => ({
        cmd: 'connect',
        port,
        n: Math.floor(add / procs) + (i < add % procs ? 1 : 0),
      }))
      connected = level
      await command({ cmd: 'sub' })
      await new Promise((r) => setTimeout(r, 1500))
      const serverCpu0 = cpuSeconds(server.pid)
      const clientCpu0 = cpuOf(clients.map((c) => c.pid))
      const t0 = Date.now()
      await command({ cmd: 'record', on: true })
      await new Promise((r) => setTimeout(r, measureMs))
      await command({ cmd: 'record', on: false })
      const elapsed = (Date.now() - t0) / 1000
      const serverCpu = cpuSeconds(server.pid)
      const clientCpu = cpuOf(clients.map((c) => c.pid))
      const reports = await command({ cmd: 'report' })

      const hist = new Array<number>(BUCKETS).fill(0)
      const ageHist = new Array<number>(BUCKETS).fill(0)
      let received = 0
      let gaps = 0
      for (const r of reports) {
        received += r.received ?? 0
        gaps += r.gaps ?? 0
        r.hist?.forEach((n, i) => {
          hist[i] = (hist[i] ?? 0) + n
        })
        r.ageHist?.forEach((n, i) => {
          ageHist[i] = (ageHist[i] ?? 0) + n
        })
      }
      const pct = (h: number[], p: number) => {
        const total = h.reduce((a, b) => a + b, 0)
        const target = Math.ceil((p / 100) * total)
        let acc = 0
        for (let i = 0; i < BUCKETS; i++) {
          acc += h[i] ?? 0
          if (acc >= target && acc > 0) return i
        }
        return 0
      }
      let max = 0
      for (let i = BUCKETS - 1; i >= 0; i--)
        if ((hist[i] ?? 0) > 0) {
          max = i
          break
        }
      const perSec = received / elapsed
      const cpu = (a: number | null, b: number | null) =>
        a === null || b === null
          ? 'n/a'
          : `${Math.round(((b - a) / elapsed) * 100)}% (${(((b - a) * 1e6) / Math.max(1, received)).toFixed(0)} us/msg)`
      console.log(
        `${String(level).padStart(5)} clients: ${perSec.toFixed(0).padStart(6)} msg/s delivered ` +
          `(${(perSec / level).toFixed(1)} per client), latency p50 ${pct(hist, 50)} ms, p99 ${pct(hist, 99)} ms, ` +
          `max ${max} ms; tick-to-client p50 ${pct(ageHist, 50)} ms, p99 ${pct(ageHist, 99)} ms; ` +
          `${reports[0]?.bytes ?? 0} B/msg; sequence gaps ${gaps}; ` +
          `CPU server ${cpu(serverCpu0, serverCpu)}, clients ${cpu(clientCpu0, clientCpu)}`,
      )
    }
    if (levels.length)
      console.log(
        `goal: p99 <= 100 ms at 2,000 clients x 10 msg/s (clients and server share this machine's ${cores} cores)`,
      )
    await finish(0)
  } catch (err) {
    console.error(err)
    await finish(1)
  }
}

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

function bump(hist: number[], ms: number): void {
  const i = Math.min(BUCKETS - 1, Math.max(0, ms))
  hist[i] = (hist[i] ?? 0) + 1
}

function fileOf(url: string): string {
  return new URL(url).pathname
}
