import client from 'prom-client'

/*
 * The process's Prometheus metrics (docs/operations.md, "Metrics"). One registry per process,
 * served by server/platform/metrics/server.ts on METRICS_PORT, never on the app port. This file
 * imports nothing of the server, so every floor may record into it. Labels are bounded: a
 * market symbol, an order kind, an error code name, a job name, a route pattern; never a user.
 */
export const registry = new client.Registry()

let on = true
/** Recording on or off (the order bench measures both in one run); the definitions stay. */
export function setMetricsEnabled(value: boolean): void {
  on = value
}
export const metricsEnabled = (): boolean => on

let defaults = false
/** Process memory, CPU, event-loop lag (`nodejs_eventloop_lag_seconds`), GC: once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return
  defaults = true
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
}

const r = [registry]

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: r,
})

export const ordersTotal = new client.Counter({
  name: 'exchange_orders_total',
  help: 'Orders by market, kind (spot, contract) and result (placed, cancelled, rejected)',
  labelNames: ['market', 'kind', 'result'] as const,
  registers: r,
})

export const orderRejections = new client.Counter({
  name: 'exchange_order_rejections_total',
  help: 'Refused orders by market, kind and reason (the error code name)',
  labelNames: ['market', 'kind', 'reason'] as const,
  registers: r,
})

export const orderCommit = new client.Histogram({
  name: 'exchange_order_commit_seconds',
  help: 'Time of one engine transaction (a group of orders, a cancel) from start to commit',
  labelNames: ['kind'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: r,
})

export const orderBatch = new client.Histogram({
  name: 'exchange_order_batch_size',
  help: 'Orders placed per group-commit transaction',
  labelNames: ['kind'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128],
  registers: r,
})

export const matching = new client.Histogram({
  name: 'exchange_matching_seconds',
  help: 'Time spent matching one group of orders in memory (book and postings, no I/O)',
  labelNames: ['kind'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1],
  registers: r,
})

export const socketMessagesOut = new client.Counter({
  name: 'exchange_socket_messages_out_total',
  help: 'Socket messages published, by channel kind (depth, trades, ticker, user, ...)',
  labelNames: ['channel'] as const,
  registers: r,
})

export const schedulerRuns = new client.Counter({
  name: 'exchange_scheduler_runs_total',
  help: 'Scheduler passes by job and result (ok, failed)',
  labelNames: ['job', 'result'] as const,
  registers: r,
})

export const schedulerLastSuccess = new client.Gauge({
  name: 'exchange_scheduler_last_success_timestamp_seconds',
  help: 'Unix time of the last successful pass of each job run by this process',
  labelNames: ['job'] as const,
  registers: r,
})

export const schedulerInterval = new client.Gauge({
  name: 'exchange_scheduler_interval_seconds',
  help: 'Shortest interval of each job run by this process (the alert fires at 3 times this)',
  labelNames: ['job'] as const,
  registers: r,
})

export const liquidationScan = new client.Histogram({
  name: 'exchange_liquidation_scan_seconds',
  help: 'Time of one liquidation scan of a perpetual market',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: r,
})

export const ledgerCheckOk = new client.Gauge({
  name: 'exchange_ledger_check_ok',
  help: '1 when the last ledger check passed, 0 when it found a broken invariant',
  registers: r,
})

export const ledgerCheckLast = new client.Gauge({
  name: 'exchange_ledger_check_last_run_timestamp_seconds',
  help: 'Unix time of the last completed ledger check, by mode (incremental, full)',
  labelNames: ['mode'] as const,
  registers: r,
})

export const ledgerCheckDuration = new client.Gauge({
  name: 'exchange_ledger_check_duration_seconds',
  help: 'Duration of the last ledger check, by mode',
  labelNames: ['mode'] as const,
  registers: r,
})

export const hotWalletBalance = new client.Gauge({
  name: 'exchange_hot_wallet_balance',
  help: 'Balance of the hot wallet on chain per chain and asset, as last read by the chain runner; a gauge, not money',
  labelNames: ['chain', 'asset'] as const,
  registers: r,
})

/** Gauges read when scraped: each is filled by the providers the process registered. */
export const orderQueueDepth = new client.Gauge({
  name: 'exchange_order_queue_depth',
  help: 'Orders waiting in an engine queue, by market and kind',
  labelNames: ['market', 'kind'] as const,
  registers: r,
  collect() {
    this.reset()
    for (const p of queueProviders.values())
      for (const [market, n] of p.depth()) this.set({ market, kind: p.kind }, n)
  },
})

const queueProviders = new Map<string, { kind: string; depth: () => Iterable<[string, number]> }>()
/** An engine tells how many orders wait per market (read at scrape time only; one engine per kind). */
export function provideQueueDepth(kind: string, depth: () => Iterable<[string, number]>): void {
  queueProviders.set(kind, { kind, depth })
}

/** The label of an error for the rejection counter: its error key without `error.`, or `internal`. */
export function reasonOf(err: unknown): string {
  const key = (err as { key?: unknown } | null)?.key
  return typeof key === 'string' ? key.replace(/^error\./, '') : 'internal'
}

/** Counts one order use case by its outcome; `market` is the instrument symbol. */
export function countOrder(kind: 'spot' | 'contract', market: string, result: 'placed' | 'cancelled'): void {
  if (on) ordersTotal.inc({ market, kind, result })
}

/** Counts one refused order with its reason. */
export function countRejected(kind: 'spot' | 'contract', market: string, err: unknown): void {
  if (!on) return
  ordersTotal.inc({ market, kind, result: 'rejected' })
  orderRejections.inc({ market, kind, reason: reasonOf(err) })
}

/** Seconds since `t0` (from `process.hrtime.bigint()`). */
export const since = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e9

/** The in-memory matching of one group, started at `m0`. */
export function observeMatching(kind: 'spot' | 'contract', m0: bigint): void {
  if (on) matching.observe({ kind }, since(m0))
}

/**
 * One group-commit transaction started at `t0`: its commit time, its size and each order's
 * outcome (placed, or refused with its reason).
 */
export function observeGroup(
  kind: 'spot' | 'contract',
  t0: bigint,
  placed: Iterable<{ input: { symbol: string } }>,
  refused: Map<{ input: { symbol: string } }, unknown>,
): void {
  if (!on) return
  orderCommit.observe({ kind }, since(t0))
  let n = 0
  for (const q of placed) {
    n++
    ordersTotal.inc({ market: q.input.symbol, kind, result: 'placed' })
  }
  for (const [q, err] of refused) countRejected(kind, q.input.symbol, err)
  orderBatch.observe({ kind }, n + refused.size)
}

/**
 * One order use case that is not group-committed (a contract order, a cancel): counted when it
 * settles, by the market of its answer (or of its input when refused).
 */
export function observeOrder<T extends { symbol: string }>(
  kind: 'spot' | 'contract',
  result: 'placed' | 'cancelled',
  run: Promise<T>,
  symbol?: string,
): Promise<T> {
  if (!on) return run
  run.then(
    (o) => countOrder(kind, o.symbol, result),
    (err) => {
      if (result === 'placed' && symbol) countRejected(kind, symbol, err)
    },
  )
  return run
}

/** One engine transaction started at `t0` has committed. */
export function observeCommit(kind: 'spot' | 'contract', t0: bigint): void {
  if (on) orderCommit.observe({ kind }, since(t0))
}

/** A socket message published on channel `ch` to `n` sockets (the label is the channel's kind). */
export function countSocketMessages(ch: string, n: number): void {
  if (!on || n === 0) return
  const i = ch.indexOf(':')
  socketMessagesOut.inc({ channel: i < 0 ? ch : ch.slice(0, i) }, n)
}

/** One liquidation scan of a market, started at `t0`. */
export function observeLiquidationScan(t0: bigint): void {
  if (on) liquidationScan.observe(since(t0))
}

/** The continuous ledger check's result (server/modules/system/jobs.ts). */
export function recordLedgerCheck(ok: boolean, mode: string, seconds: number): void {
  ledgerCheckOk.set(ok ? 1 : 0)
  ledgerCheckLast.set({ mode }, Date.now() / 1000)
  ledgerCheckDuration.set({ mode }, seconds)
}

const hotAssets = new Map<string, Set<string>>()
/**
 * The hot wallet's balances of one chain as read from its node by the chain runner (issue 39),
 * asset -> decimal string; null when the node could not be read: the chain's series are dropped,
 * so an unreadable node does not look like an empty (or a full) wallet.
 */
export function recordHotWallet(chain: string, balances: Record<string, string> | null): void {
  const seen = hotAssets.get(chain) ?? new Set<string>()
  hotAssets.set(chain, seen)
  if (!balances) {
    for (const asset of seen) hotWalletBalance.remove({ chain, asset })
    seen.clear()
    return
  }
  for (const [asset, amount] of Object.entries(balances)) {
    seen.add(asset)
    hotWalletBalance.set({ chain, asset }, Number(amount))
  }
}
