// npm run cluster: a local scale-out topology for demos and manual tests (docs/operations.md, "Scaling out"):
// 2 cores + 2 gateways on DATABASE_URL and REDIS_URL, behind a round-robin proxy on PORT
// (default 8080). Logs go to ./cluster-logs/<name>.log. Ctrl-C stops everything.
import { ownership, startCluster } from './cluster-lib.mjs'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
if (!databaseUrl || !redisUrl) {
  console.error(
    'npm run cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL, e.g.\n' +
      '  DATABASE_URL=postgres://root@127.0.0.1:5432/exchange REDIS_URL=redis://127.0.0.1:6379 npm run cluster',
  )
  process.exit(1)
}
const port = Number(process.env.PORT ?? 8080)
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 9400)
const cluster = await startCluster({
  databaseUrl,
  redisUrl,
  cores: Number(process.env.CLUSTER_CORES ?? 2),
  gateways: Number(process.env.CLUSTER_GATEWAYS ?? 2),
  basePort,
  proxyPort: port,
  name: process.env.CLUSTER_NAME ?? 'ox',
  logDir: 'cluster-logs',
  env: { HOST: '127.0.0.1' },
})
for (const n of cluster.nodes)
  console.log(`${n.role.padEnd(7)} ${n.name.padEnd(14)} pid ${n.child.pid} port ${n.port}`)
console.log(
  `proxy   http://localhost:${port} -> gateways ${cluster.nodes
    .filter((n) => n.role === 'gateway')
    .map((n) => n.port)
    .join(', ')}`,
)
setTimeout(async () => console.log('ownership', JSON.stringify(await ownership(cluster.nodes))), 5000)
for (const n of cluster.nodes)
  n.child.on('exit', (code, signal) => console.log(`${n.name} exited (${signal ?? code})`))
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await cluster.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
