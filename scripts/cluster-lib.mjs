// A local cluster (docs/operations.md, "Scaling out"): cores and gateways as child processes of this one, and
// a round-robin TCP proxy in front of the gateways. Used by `npm run cluster`, the cluster test
// and `npm run bench:cluster`.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const root = path.resolve(new URL('..', import.meta.url).pathname)

/**
 * Starts one exchange process (`node --import tsx server/main.ts`) with its role and port. With
 * BENCH_CPU_PROF=<dir>, each process writes a V8 CPU profile there when it stops.
 */
export function startNode({ role, port, name, env, logDir }) {
  const out = logDir ? fs.openSync(path.join(logDir, `${name}.log`), 'a') : 'ignore'
  const prof = process.env.BENCH_CPU_PROF
  // Node names each thread's profile CPU.<date>.<pid>.<thread>.<seq>.cpuprofile (the loader hooks'
  // thread writes one too): <name>.pid says which pid is which process.
  const profArgs = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []
  const child = spawn(process.execPath, [...profArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // Each process its own metrics port (app port + 1000), unless the caller sets METRICS_PORT (0 = off).
    env: {
      METRICS_PORT: String(port + 1000),
      ...process.env,
      ...env,
      ROLE: role,
      PORT: String(port),
      CLUSTER_NODE_ID: name,
    },
    stdio: ['ignore', out, out],
  })
  if (prof) {
    fs.mkdirSync(prof, { recursive: true })
    fs.writeFileSync(path.join(prof, `${name}.pid`), String(child.pid))
  }
  return { role, port, name, child }
}

export async function waitHttp(url, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      const r = await fetch(url)
      if (r.ok) return r.json()
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not answer in ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

/**
 * Round robin per TCP connection: an HTTP keep-alive connection or a WebSocket stays on the
 * gateway it reached (socket.io's polling fallback needs stickiness, which a production load
 * balancer gives; this one is for tests and demos). A gateway that refuses the connection is
 * skipped for the next.
 */
export function startProxy(port, backends, host = '127.0.0.1') {
  let next = 0
  const server = net.createServer((client) => {
    client.on('error', () => client.destroy())
    let tries = 0
    const attempt = () => {
      const b = backends[next++ % backends.length]
      const upstream = net.connect(b, '127.0.0.1')
      let connected = false
      upstream.once('connect', () => {
        connected = true
        client.pipe(upstream)
        upstream.pipe(client)
        client.once('close', () => upstream.destroy())
        upstream.once('close', () => client.destroy())
      })
      upstream.once('error', () => {
        // A gateway that is down is skipped: the client's connection goes to the next one.
        if (!connected && ++tries < backends.length) return attempt()
        client.destroy()
      })
    }
    attempt()
  })
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)))
}

/**
 * 2 cores and 2 gateways (counts configurable) on one PostgreSQL and Redis. Cores start first
 * and together (so they split the markets), gateways once a core answers.
 */
export async function startCluster({
  databaseUrl,
  redisUrl,
  cores = 2,
  gateways = 2,
  basePort = 9400,
  proxyPort = null,
  name = 'ox',
  logDir = null,
  env = {},
}) {
  if (logDir) fs.mkdirSync(logDir, { recursive: true })
  const common = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, CLUSTER_NAME: name, ...env }
  const nodes = []
  for (let i = 0; i < cores; i++)
    nodes.push(
      startNode({
        role: 'core',
        port: basePort + 50 + i,
        name: `${name}-core-${i + 1}`,
        env: common,
        logDir,
      }),
    )
  await Promise.all(nodes.map((n) => waitHttp(`http://127.0.0.1:${n.port}/api/health`)))
  for (let i = 0; i < gateways; i++)
    nodes.push(
      startNode({ role: 'gateway', port: basePort + i, name: `${name}-gw-${i + 1}`, env: common, logDir }),
    )
  await Promise.all(
    nodes.filter((n) => n.role === 'gateway').map((n) => waitHttp(`http://127.0.0.1:${n.port}/api/health`)),
  )
  const proxy = proxyPort
    ? await startProxy(
        proxyPort,
        nodes.filter((n) => n.role === 'gateway').map((n) => n.port),
      )
    : null
  const stop = async () => {
    proxy?.close()
    await Promise.all(
      nodes.map(
        (n) =>
          new Promise((resolve) => {
            if (n.child.exitCode !== null || n.child.signalCode !== null) return resolve()
            n.child.once('exit', resolve)
            n.child.kill('SIGTERM')
            setTimeout(() => n.child.kill('SIGKILL'), 10_000).unref()
          }),
      ),
    )
  }
  return { nodes, proxy, stop }
}

/** What each core owns, from its /api/health. */
export async function ownership(nodes) {
  const out = {}
  for (const n of nodes.filter(
    (x) => x.role === 'core' && x.child.exitCode === null && x.child.signalCode === null,
  )) {
    try {
      const r = await fetch(`http://127.0.0.1:${n.port}/api/health`)
      out[n.name] = (await r.json()).owned
    } catch {
      out[n.name] = null
    }
  }
  return out
}
