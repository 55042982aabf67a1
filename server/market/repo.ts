import { PERIODS, type Period } from '@common/market/periods'
import { fromUnitsFixed, toUnits } from '@common/money/units'
import { sql } from 'kysely'
import type { Db } from '../db/db'
import type { CandleTable, InstrumentTable } from '../db/schema'
import { TURNOVER_DP, type UnitCandle } from './candles'

export type InstrumentRow = Omit<InstrumentTable, 'status' | 'hot'> & {
  status: 'trading' | 'suspended'
  hot: boolean
}

export async function loadInstruments(db: Db): Promise<InstrumentRow[]> {
  return db.selectFrom('instrument').selectAll().orderBy('sort').execute()
}

/** The index-price series (`candle`) or a market's own trades (`trade_candle`, migration 031). */
export type CandleTableName = 'candle' | 'trade_candle'

export interface CandleRow {
  symbol: string
  period: Period
  candle: UnitCandle
  pricePrecision: number
  amountPrecision: number
}

/**
 * Writes candles in one statement per batch: one array parameter per column through unnest, so
 * thousands of rows cost one round trip. Existing candles are replaced (live updates).
 */
export async function upsertCandles(
  db: Db,
  rows: readonly CandleRow[],
  mode: 'replace' | 'insert' = 'replace',
  table: CandleTableName = 'candle',
): Promise<void> {
  if (rows.length === 0) return
  const cols = {
    s: [] as string[],
    p: [] as string[],
    t: [] as number[],
    o: [] as string[],
    h: [] as string[],
    l: [] as string[],
    c: [] as string[],
    v: [] as string[],
    q: [] as string[],
  }
  for (const r of rows) {
    const k = r.candle
    const pp = r.pricePrecision
    cols.s.push(r.symbol)
    cols.p.push(r.period)
    cols.t.push(k.t)
    cols.o.push(fromUnitsFixed(k.o, pp))
    cols.h.push(fromUnitsFixed(k.h, pp))
    cols.l.push(fromUnitsFixed(k.l, pp))
    cols.c.push(fromUnitsFixed(k.c, pp))
    cols.v.push(fromUnitsFixed(k.v, r.amountPrecision))
    cols.q.push(fromUnitsFixed(k.q, TURNOVER_DP))
  }
  // 'insert' is for the empty table of a first start: no conflict handling to pay for.
  const conflict =
    mode === 'replace'
      ? sql`on conflict (symbol, period, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume, turnover = excluded.turnover`
      : sql``
  await sql`insert into ${sql.table(table)} (symbol, period, open_time, open, high, low, close, volume, turnover)
    select * from unnest(${cols.s}::text[], ${cols.p}::text[], ${cols.t}::bigint[], ${cols.o}::numeric[], ${cols.h}::numeric[],
      ${cols.l}::numeric[], ${cols.c}::numeric[], ${cols.v}::numeric[], ${cols.q}::numeric[])
    ${conflict}`.execute(db)
}

/** A candle row as a query answers it: open_time may come back as a string or a bigint. */
type RawCandle = Omit<CandleTable, 'symbol' | 'period' | 'open_time'> & {
  open_time: number | string | bigint
}

export function fromRow(r: RawCandle, pp: number, ap: number): UnitCandle {
  return {
    t: Number(r.open_time),
    o: toUnits(r.open, pp),
    h: toUnits(r.high, pp),
    l: toUnits(r.low, pp),
    c: toUnits(r.close, pp),
    v: toUnits(r.volume, ap),
    q: toUnits(r.turnover, TURNOVER_DP),
  }
}

export async function hasCandles(db: Db): Promise<boolean> {
  const row = await db.selectFrom('candle').select('symbol').limit(1).executeTakeFirst()
  return row !== undefined
}

/** The newest stored candle of every symbol and period (index lookups, not a scan). */
export async function latestCandles(
  db: Db,
  table: CandleTableName = 'candle',
): Promise<(RawCandle & { symbol: string; period: string })[]> {
  const periods = sql.join(PERIODS.map((p) => sql`(${p})`))
  const res = await sql<RawCandle & { symbol: string; period: string }>`
    select i.symbol, p.period, c.open_time, c.open, c.high, c.low, c.close, c.volume, c.turnover
    from instrument i
    cross join (values ${periods}) as p(period)
    cross join lateral (
      select * from ${sql.table(table)} k where k.symbol = i.symbol and k.period = p.period order by k.open_time desc limit 1
    ) c`.execute(db)
  return res.rows
}

export async function minuteCandlesSince(
  db: Db,
  since: number,
  table: CandleTableName = 'candle',
): Promise<(RawCandle & { symbol: string })[]> {
  return db
    .selectFrom(table)
    .select(['symbol', 'open_time', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
    .where('period', '=', '1m')
    .where('open_time', '>=', since)
    .orderBy('symbol')
    .orderBy('open_time')
    .execute()
}

/** Newest `limit` candles before `to`, returned oldest first. */
export async function candlesBefore(
  db: Db,
  symbol: string,
  period: Period,
  to: number,
  limit: number,
  table: CandleTableName = 'candle',
): Promise<RawCandle[]> {
  const rows = await db
    .selectFrom(table)
    .select(['open_time', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('open_time', '<', to)
    .orderBy('open_time', 'desc')
    .limit(limit)
    .execute()
  return rows.reverse()
}
