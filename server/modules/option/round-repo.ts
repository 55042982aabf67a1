import { normalize } from '@common/money/decimal'
import type { RoundBook } from '@common/option/rules'
import type { OptionSetting } from '@common/option/schema'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/db'
import type { OptionRoundTable } from '../../db/schema-option'
import type { Tx } from '../../ledger/ledger'

export type RoundRow = Selectable<OptionRoundTable>

/** A price second's tick may be this many seconds older than the second (feed jitter); never newer. */
export const TICK_LOOKBACK_S = 3

// ---- rounds ----

/** The round of (symbol, period, start), created with the given settings when missing. */
export async function ensureRoundRow(
  trx: Tx,
  s: OptionSetting,
  start: number,
  pricePrecision: number,
): Promise<RoundRow> {
  await trx
    .insertInto('option_round')
    .values({
      symbol: s.symbol,
      period: s.period,
      start_at: start,
      cutoff_at: start - s.cutoff,
      delivery_at: start + s.period,
      up_rate: s.upRate,
      down_rate: s.downRate,
      flat_rate: s.flatRate,
      band_rate: s.band,
      fee_rate: s.feeRate,
      min_amount: s.minAmount,
      price_precision: pricePrecision,
      status: 'open',
      open_price: null,
      open_tick_at: null,
      close_price: null,
      close_tick_at: null,
      band: null,
      result: null,
      settled_at: null,
    })
    .onConflict((oc) => oc.columns(['symbol', 'period', 'start_at']).doNothing())
    .execute()
  return trx
    .selectFrom('option_round')
    .selectAll()
    .where('symbol', '=', s.symbol)
    .where('period', '=', s.period)
    .where('start_at', '=', String(start))
    .executeTakeFirstOrThrow()
}

export function roundById(db: Db, id: string): Promise<RoundRow | undefined> {
  return db.selectFrom('option_round').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The round's row, locked for the settling transaction. */
export function lockRound(trx: Tx, id: string): Promise<RoundRow | undefined> {
  return trx.selectFrom('option_round').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** Rounds not settled yet whose delivery second is before `sec`, oldest first. */
export function roundsDueBefore(db: Db, sec: number, limit: number): Promise<RoundRow[]> {
  return db
    .selectFrom('option_round')
    .selectAll()
    .where('status', 'in', ['open', 'settling'])
    .where('delivery_at', '<', String(sec))
    .orderBy('delivery_at')
    .limit(limit)
    .execute()
}

/** Recently settled rounds of a symbol (the public proof list). */
export function settledRounds(db: Db, symbol: string, limit: number): Promise<RoundRow[]> {
  return db
    .selectFrom('option_round')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('status', 'in', ['settled', 'void'])
    .orderBy('delivery_at', 'desc')
    .limit(limit)
    .execute()
}

/** A new order's place in the round: its book, its worst case against the pool, its order count. */
export async function addToBook(trx: Tx, id: string, book: RoundBook, exposure: string): Promise<void> {
  await trx
    .updateTable('option_round')
    .set({ book_up: book.up, book_down: book.down, book_flat: book.flat, exposure, orders: sql`orders + 1` })
    .where('id', '=', id)
    .execute()
}

/** The worst case of every round still open or settling (what the pool must cover). */
export async function openExposure(trx: Tx): Promise<string> {
  const e = await trx
    .selectFrom('option_round')
    .select(sql<string>`coalesce(sum(exposure), 0)::text`.as('e'))
    .where('status', 'in', ['open', 'settling'])
    .executeTakeFirst()
  return normalize(e?.e ?? '0')
}

type Tick = { price: string; ts: number }

/** Writes a round's outcome: its prices with their tick times, band and result; frees its exposure. */
export function finishRound(
  trx: Tx,
  id: string,
  f: { open: Tick | null; close: Tick | null; band: string | null; result: RoundRow['result'] | 'void' },
): Promise<RoundRow> {
  return trx
    .updateTable('option_round')
    .set({
      status: f.result === 'void' ? 'void' : 'settled',
      open_price: f.open?.price ?? null,
      open_tick_at: f.open?.ts ?? null,
      close_price: f.close?.price ?? null,
      close_tick_at: f.close?.ts ?? null,
      band: f.band,
      result: f.result === 'void' ? null : f.result,
      exposure: '0',
      settled_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

// ---- ticks ----

/** One row per symbol and second; a later tick of the same second replaces an earlier one. */
export async function recordTicks(
  db: Db,
  rows: { symbol: string; sec: number; price: string; ts: number }[],
): Promise<void> {
  if (!rows.length) return
  await db
    .insertInto('option_tick')
    .values(rows.map((r) => ({ symbol: r.symbol, sec: r.sec, price: r.price, ts: r.ts })))
    .onConflict((oc) =>
      oc
        .columns(['symbol', 'sec'])
        .doUpdateSet({ price: sql`excluded.price`, ts: sql`excluded.ts` })
        .where(sql<boolean>`excluded.ts >= option_tick.ts`),
    )
    .execute()
}

/** The index at a second: the last recorded tick of that second or of the few before, never later. */
export async function priceAt(trx: Tx, symbol: string, sec: number): Promise<Tick | null> {
  const row = await trx
    .selectFrom('option_tick')
    .select(['price', 'ts'])
    .where('symbol', '=', symbol)
    .where('sec', '<=', String(sec))
    .where('sec', '>=', String(sec - TICK_LOOKBACK_S))
    .orderBy('sec', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { price: normalize(row.price), ts: Number(row.ts) } : null
}

/** The first recorded index in [from, to] (seconds), if any. */
export async function firstPriceFrom(
  trx: Tx,
  symbol: string,
  from: number,
  to: number,
): Promise<Tick | null> {
  const row = await trx
    .selectFrom('option_tick')
    .select(['price', 'ts'])
    .where('symbol', '=', symbol)
    .where('sec', '>=', String(from))
    .where('sec', '<=', String(to))
    .orderBy('sec')
    .limit(1)
    .executeTakeFirst()
  return row ? { price: normalize(row.price), ts: Number(row.ts) } : null
}

/** The recorded index from a second on (the line chart's history). */
export function ticksSince(db: Db, symbol: string, since: number) {
  return db
    .selectFrom('option_tick')
    .select(['sec', 'price'])
    .where('symbol', '=', symbol)
    .where('sec', '>=', String(since))
    .orderBy('sec')
    .execute()
}
