import { sql } from 'kysely'
import type pg from 'pg'
import client from 'prom-client'
import type { Db } from '../../db/db'
import { registry } from './registry'

/*
 * Gauges read when Prometheus scrapes: nothing is kept up to date on the hot paths, each value is
 * asked of its owner at scrape time. The process tells what it has (database, market data).
 */
const r = [registry]

/** Index publish time per instrument, fed by the market data this process follows. */
const indexSeen = new Map<string, number>()

export const indexAge = new client.Gauge({
  name: 'exchange_index_age_seconds',
  help: 'Seconds since the index price of each instrument was last published',
  labelNames: ['symbol'] as const,
  registers: r,
  collect() {
    this.reset()
    const now = Date.now()
    for (const [symbol, ts] of indexSeen) this.set({ symbol }, Math.max(0, (now - ts) / 1000))
  },
})

/** Market data of this process: each ticker carries its index tick's time. */
export function watchIndex(market: {
  on(e: 'ticker', f: (t: { symbol: string; ts: number }) => void): unknown
  instruments(): { symbol: string }[]
}): void {
  const now = Date.now()
  for (const i of market.instruments()) if (!indexSeen.has(i.symbol)) indexSeen.set(i.symbol, now)
  market.on('ticker', (t) => {
    indexSeen.set(t.symbol, t.ts)
  })
}

const pools = new Set<WeakRef<pg.Pool>>()
/** A PostgreSQL pool of this process (server/db/db.ts); PGlite has one connection and no pool. */
export function watchPool(pool: pg.Pool): void {
  pools.add(new WeakRef(pool))
}

export const dbPool = new client.Gauge({
  name: 'exchange_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting: queries waiting for one)',
  labelNames: ['state'] as const,
  registers: r,
  collect() {
    let total = 0
    let idle = 0
    let waiting = 0
    for (const ref of pools) {
      const p = ref.deref()
      if (!p || p.ending) {
        pools.delete(ref)
        continue
      }
      total += p.totalCount
      idle += p.idleCount
      waiting += p.waitingCount
    }
    this.set({ state: 'total' }, total)
    this.set({ state: 'idle' }, idle)
    this.set({ state: 'waiting' }, waiting)
  },
})

let fundDb: Db | null = null
/** The database whose insurance fund is reported (the process's own). */
export function watchInsuranceFund(db: Db): void {
  fundDb = db
}

export const insuranceFund = new client.Gauge({
  name: 'exchange_insurance_fund_balance',
  help: 'Balance of the insurance fund (system account `insurance`) per asset; a gauge, not money',
  labelNames: ['asset'] as const,
  registers: r,
  async collect() {
    if (!fundDb) return
    const rows = await sql<{ asset: string; amount: string }>`
      select asset, (available + frozen)::text as amount from balance
      where holder = 'system' and account = 'insurance'`
      .execute(fundDb)
      .catch(() => ({ rows: [] }))
    this.reset()
    for (const row of rows.rows) this.set({ asset: row.asset }, Number(row.amount))
  },
})

let sockets: (() => number) | null = null
/** The realtime hub tells how many sockets are open on this process. */
export function provideSocketCount(count: () => number): void {
  sockets = count
}

export const socketConnections = new client.Gauge({
  name: 'exchange_socket_connections',
  help: 'Open socket.io connections on this process',
  registers: r,
  collect() {
    this.set(sockets ? sockets() : 0)
  },
})

let owned: (() => number) | null = null
/** A cluster core tells how many units (markets, leader locks) it owns. */
export function provideOwnedUnits(count: () => number): void {
  owned = count
}

export const ownedUnits = new client.Gauge({
  name: 'exchange_cluster_owned_units',
  help: 'Units (markets, leader locks) this cluster core owns; absent outside a core',
  registers: r,
  collect() {
    if (owned) this.set(owned())
  },
})
