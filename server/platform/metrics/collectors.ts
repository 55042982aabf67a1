import { sql } from 'kysely'
import type pg from 'pg'
import client from 'prom-client'
import type { Db } from '../../db/db'
import { type HealthSource, type IndexHealth, indexHealth } from '../../market/index-health'
import { registry } from './registry'

/*
 * Gauges read when Prometheus scrapes: nothing is kept up to date on the hot paths, each value is
 * asked of its owner at scrape time. The process tells what it has (database, market data).
 */
const r = [registry]

/** The market data this process follows: its index health (server/market/index-health.ts) per instrument. */
let index: { health: IndexHealth; symbols: () => string[] } | null = null

export function watchIndex(market: HealthSource & { instruments(): { symbol: string }[] }): void {
  index = { health: indexHealth(market), symbols: () => market.instruments().map((i) => i.symbol) }
}

/** A gauge per followed instrument, from its index health at scrape time; null leaves a symbol out. */
function indexGauge(
  name: string,
  help: string,
  value: (health: IndexHealth, symbol: string, now: number) => number | null,
) {
  return new client.Gauge({
    name,
    help,
    labelNames: ['symbol'] as const,
    registers: r,
    collect() {
      this.reset()
      if (!index) return
      const now = Date.now()
      for (const symbol of index.symbols()) {
        const v = value(index.health, symbol, now)
        if (v !== null) this.set({ symbol }, v)
      }
    },
  })
}

export const indexAge = indexGauge(
  'exchange_index_age_seconds',
  'Seconds since the index price of each instrument was last published (absent before the first)',
  (health, symbol, now) => {
    const ms = health.ageMs(symbol, now)
    return ms === null ? null : ms / 1000
  },
)

export const indexStale = indexGauge(
  'exchange_index_stale',
  '1 when the index of an instrument is stale (live feeds: too few fresh sources, or too old)',
  (health, symbol, now) => (health.isStale(symbol, now) ? 1 : 0),
)

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

/**
 * A gauge of one number that a part of the process provides (read at scrape time). Until one
 * does, it shows `idle`, or nothing when `idle` is undefined.
 */
function providedGauge(name: string, help: string, idle?: number) {
  let count: (() => number) | null = null
  const gauge = new client.Gauge({
    name,
    help,
    registers: r,
    collect() {
      const n = count ? count() : idle
      if (n !== undefined) this.set(n)
    },
  })
  const provide = (c: () => number): void => {
    count = c
  }
  return { gauge, provide }
}

const sockets = providedGauge('exchange_socket_connections', 'Open socket.io connections on this process', 0)
export const socketConnections = sockets.gauge
/** The realtime hub tells how many sockets are open on this process. */
export const provideSocketCount = sockets.provide

const owned = providedGauge(
  'exchange_cluster_owned_units',
  'Units (markets, leader locks) this cluster core owns; absent outside a core',
)
export const ownedUnits = owned.gauge
/** A cluster core tells how many units (markets, leader locks) it owns. */
export const provideOwnedUnits = owned.provide
