import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, gt, lt, normalize, sub, sum } from '@common/money/decimal'
import {
  bandOf,
  buyableRoundStart,
  feeOf,
  type OptionResult,
  type OptionType,
  type RoundBook,
  resultOf,
  withOrder,
  worstCase,
} from '@common/option/rules'
import type { OptionOrderInput, OptionSetting } from '@common/option/schema'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/db'
import type { OptionRoundTable } from '../../db/schema-option'
import { AppError } from '../../http/errors'
import { type BalanceKey, LedgerBatch, move, postEntry, type Tx } from '../../ledger/ledger'
import { checkAssetAmount } from '../../ledger/precision'
import type { MarketData } from '../../market/service'
import { claimOrders, notifyRound, postClaimed } from './settle'

export const ASSET = 'USDT'
export const POOL: BalanceKey = { holder: SYSTEM_HOLDER, account: 'option_pool', asset: ASSET }
export const TREASURY: BalanceKey = { holder: SYSTEM_HOLDER, account: 'treasury', asset: ASSET }
export const FEES: BalanceKey = { holder: SYSTEM_HOLDER, account: 'fees', asset: ASSET }
export const optionKey = (holder: string): BalanceKey => ({ holder, account: 'option', asset: ASSET })

/** Initial pool, from the treasury, once. */
export const POOL_SEED = '500000'
/** A price second's tick may be this many seconds older than the second (feed jitter); never newer. */
export const TICK_LOOKBACK_S = 3
/** Rounds are settled this long after their delivery second (the recorder flushes every second). */
export const SETTLE_DELAY_MS = 1500

export type RoundRow = Selectable<OptionRoundTable>
type Log = { warn(o: unknown, m?: string): void }

/** Lock shared by everything that reserves against or pays from the pool. */
const lockPool = (trx: Tx) => sql`select pg_advisory_xact_lock(hashtext('option.pool'))`.execute(trx)

export interface SettledOrder {
  id: string
  holder: string
  symbol: string
  type: OptionType
  amount: string
  outcome: 'win' | 'lose' | 'void'
  payout: string
}

/**
 * Short-term options use cases: rounds (created on first need with the settings of that moment),
 * orders (principal frozen and fee paid at purchase, the round's worst case reserved against the
 * pool), index ticks recorded per second, and settlement from those recorded ticks.
 */
export class OptionService {
  private settings = new Map<string, OptionSetting>()
  private loaded: Promise<void> | null = null
  private market: MarketData | null = null
  /** The clock; a test hook may shift it outside production. */
  offsetMs = 0
  private readonly pendingTicks = new Map<
    string,
    { symbol: string; sec: number; price: string; ts: number }
  >()
  private listening = false
  /** Called after a round's settlement is committed (the pushes of its orders). */
  onSettled: ((round: RoundRow) => void) | null = null
  /** Called when a settled round's notifications could not be written (logged by the jobs). */
  onNotifyFailed: ((err: unknown, round: RoundRow) => void) | null = null

  constructor(readonly db: Db) {}

  now(): number {
    return Date.now() + this.offsetMs
  }

  attachMarket(market: MarketData): void {
    if (this.market === market) return
    this.market = market
  }

  init(): Promise<void> {
    this.loaded ??= (async () => {
      await this.reloadSettings()
      await this.seedPool()
    })()
    return this.loaded
  }

  private async seedPool(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('option.pool_seed'))`.execute(trx)
      const seeded = await trx
        .selectFrom('ledger_entry')
        .select('id')
        .where('ref_type', '=', 'option_pool_seed')
        .executeTakeFirst()
      if (seeded) return
      await postEntry(trx, {
        reason: 'option_settlement',
        refType: 'option_pool_seed',
        memo: 'option pool: initial funding from the treasury',
        postings: move(TREASURY, POOL, POOL_SEED),
      })
    })
  }

  async reloadSettings(): Promise<void> {
    const rows = await this.db
      .selectFrom('option_setting')
      .selectAll()
      .orderBy('symbol')
      .orderBy('period')
      .execute()
    this.settings.clear()
    for (const r of rows) this.settings.set(`${r.symbol}|${r.period}`, settingToWire(r))
  }

  allSettings(): OptionSetting[] {
    return [...this.settings.values()]
  }

  /** Symbols with at least one period offered. */
  symbols(): string[] {
    return [
      ...new Set(
        this.allSettings()
          .filter((s) => s.enabled)
          .map((s) => s.symbol),
      ),
    ]
  }

  setting(symbol: string, period: number): OptionSetting | undefined {
    return this.settings.get(`${symbol}|${period}`)
  }

  index(symbol: string): string | null {
    const last = this.market?.ticker(symbol)?.last
    return last && gt(last, '0') ? last : null
  }

  pricePrecision(symbol: string): number {
    return this.market?.instrument(symbol)?.price_precision ?? 2
  }

  // ---- ticks ----

  /** Starts recording the index of option symbols (one row per symbol and second). */
  listen(market: MarketData): void {
    this.attachMarket(market)
    if (this.listening) return
    this.listening = true
    market.on('candle', (symbol, period, c) => {
      if (period !== '1m' || !this.symbols().includes(symbol)) return
      const ts = this.now()
      const sec = Math.floor(ts / 1000)
      this.pendingTicks.set(`${symbol}|${sec}`, { symbol, sec, price: market.wire(symbol, c).c, ts })
    })
  }

  /** Writes the recorded ticks. */
  async flushTicks(): Promise<number> {
    if (this.pendingTicks.size === 0) return 0
    const rows = [...this.pendingTicks.values()]
    this.pendingTicks.clear()
    await this.recordTicks(rows)
    return rows.length
  }

  async recordTicks(rows: { symbol: string; sec: number; price: string; ts: number }[]): Promise<void> {
    if (!rows.length) return
    await this.db
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
  async priceAt(trx: Tx, symbol: string, sec: number): Promise<{ price: string; ts: number } | null> {
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

  // ---- rounds ----

  /** The round of (symbol, period, start), created with today's settings when missing. */
  async ensureRound(trx: Tx | Db, s: OptionSetting, start: number): Promise<RoundRow> {
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
        price_precision: this.pricePrecision(s.symbol),
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
    return (await trx
      .selectFrom('option_round')
      .selectAll()
      .where('symbol', '=', s.symbol)
      .where('period', '=', s.period)
      .where('start_at', '=', String(start))
      .executeTakeFirstOrThrow()) as RoundRow
  }

  /** The round taking orders now for each offered period of a symbol. */
  async buyableRounds(symbol: string): Promise<RoundRow[]> {
    await this.init()
    const out: RoundRow[] = []
    for (const s of this.allSettings())
      if (s.symbol === symbol && s.enabled)
        out.push(await this.ensureRound(this.db, s, buyableRoundStart(this.now(), s.period, s.cutoff)))
    return out
  }

  async pool(trx: Tx | Db = this.db): Promise<{ balance: string; exposure: string }> {
    const b = await trx
      .selectFrom('balance')
      .select('available')
      .where('holder', '=', POOL.holder)
      .where('account', '=', POOL.account)
      .where('asset', '=', ASSET)
      .executeTakeFirst()
    const e = await trx
      .selectFrom('option_round')
      .select(sql<string>`coalesce(sum(exposure), 0)::text`.as('e'))
      .where('status', 'in', ['open', 'settling'])
      .executeTakeFirst()
    return { balance: normalize(b?.available ?? '0'), exposure: normalize(e?.e ?? '0') }
  }

  // ---- orders ----

  async order(
    holder: string,
    input: OptionOrderInput & { period: number },
  ): Promise<{ orderId: string; round: RoundRow }> {
    await this.init()
    const s = this.setting(input.symbol, input.period)
    const inst = this.market?.instrument(input.symbol)
    if (!s?.enabled || (inst && inst.status !== 'trading')) throw new AppError('optionNotOffered')
    if (!this.index(input.symbol)) throw new AppError('optionNoIndex')
    const amount = normalize(input.amount)
    // No finer than the asset takes (USDT 6 places), as every amount entering through an endpoint.
    await checkAssetAmount(this.db, ASSET, amount)
    const type = input.type as OptionType
    return this.db.transaction().execute(async (trx) => {
      await lockPool(trx)
      const start = buyableRoundStart(this.now(), s.period, s.cutoff)
      const round = await this.ensureRound(trx, s, start)
      if (lt(amount, round.min_amount)) throw new AppError('optionBelowMinimum')
      const rates = ratesOf(round)
      const book = bookOf(round)
      const next = withOrder(book, type, amount)
      const before = worstCase(book, rates)
      const after = worstCase(next, rates)
      const pool = await this.pool(trx)
      if (gt(add(sub(pool.exposure, before), after), pool.balance)) throw new AppError('optionPoolFull')
      const fee = feeOf(amount, round.fee_rate)
      const batch = new LedgerBatch(trx)
      await batch.lock([optionKey(holder), FEES])
      const { id } = await trx
        .insertInto('option_order')
        .values({
          holder,
          round_id: round.id,
          symbol: round.symbol,
          period: round.period,
          type,
          amount,
          fee,
          rate: rates[type],
          outcome: null,
          payout: null,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const ref = { refType: 'option_order', refId: String(id) }
      batch.post({
        reason: 'option_principal',
        ...ref,
        postings: move({ ...optionKey(holder) }, { ...optionKey(holder), bucket: 'frozen' }, amount),
      })
      batch.post({ reason: 'option_fee', ...ref, postings: move(optionKey(holder), FEES, fee) })
      await batch.flush()
      await trx
        .updateTable('option_round')
        .set({
          book_up: next.up,
          book_down: next.down,
          book_flat: next.flat,
          exposure: after,
          orders: sql`orders + 1`,
        })
        .where('id', '=', round.id)
        .execute()
      return { orderId: String(id), round }
    })
  }

  // ---- settlement ----

  /** Rounds whose delivery second has passed and that are not settled yet, oldest first. */
  async dueRounds(limit = 200): Promise<RoundRow[]> {
    const sec = Math.floor((this.now() - SETTLE_DELAY_MS) / 1000)
    return (await this.db
      .selectFrom('option_round')
      .selectAll()
      .where('status', 'in', ['open', 'settling'])
      .where('delivery_at', '<', String(sec))
      .orderBy('delivery_at')
      .limit(limit)
      .execute()) as RoundRow[]
  }

  /**
   * Settles every due round, each on its own: one that fails (e.g. refused because the pool would
   * go below zero) is logged and stays due for the next pass, and the rounds after it go on.
   */
  async settleDue(log?: Log): Promise<number> {
    let n = 0
    for (const r of await this.dueRounds()) {
      try {
        if (await this.settleRound(r.id)) n++
      } catch (err) {
        log?.warn({ err, round: r.id, symbol: r.symbol }, 'option round settlement failed')
      }
    }
    return n
  }

  /**
   * Settles one round, exactly once, set-based (settle.ts): in one transaction the round row is
   * locked, every order still waiting is claimed (switched to settled with its outcome and
   * payout) by one statement and their ledger entries are posted as one set; after the commit
   * their notifications are written by one statement and pushed. A second call finds the round settled and nothing waiting. Prices
   * come only from recorded ticks at the start and delivery seconds. The pool may not end below
   * zero: a round that would overdraw it is refused (AppError insufficientBalance), changes
   * nothing and stays due.
   */
  async settleRound(roundId: string): Promise<{ result: OptionResult | 'void'; orders: number } | null> {
    const done = await this.settleRoundTx(roundId)
    if (!done) return null
    if (done.orders) {
      // The settlement is committed: a failure to notify must not make it look failed.
      await notifyRound(this.db, done.round).catch((err) => this.onNotifyFailed?.(err, done.round))
      this.onSettled?.(done.round)
    }
    return { result: done.result, orders: done.orders }
  }

  /** The settling transaction of settleRound (without the notifications that follow it). */
  async settleRoundTx(
    roundId: string,
  ): Promise<{ result: OptionResult | 'void'; orders: number; round: RoundRow } | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockPool(trx)
      const round = (await trx
        .selectFrom('option_round')
        .selectAll()
        .where('id', '=', roundId)
        .forUpdate()
        .executeTakeFirst()) as RoundRow | undefined
      if (!round || round.status === 'settled' || round.status === 'void') return null
      const deliverySec = Number(round.delivery_at)
      if (Math.floor((this.now() - SETTLE_DELAY_MS) / 1000) <= deliverySec) return null
      const open = await this.priceAt(trx, round.symbol, Number(round.start_at))
      const close = await this.priceAt(trx, round.symbol, deliverySec)
      const band = open ? bandOf(open.price, round.band_rate, round.price_precision) : null
      const result: OptionResult | 'void' =
        open && close && band !== null ? resultOf(open.price, close.price, band) : 'void'
      const orders = await claimOrders(trx, round.id, result)
      if (orders) await postClaimed(trx, round.id, ASSET)
      const finished = (await trx
        .updateTable('option_round')
        .set({
          status: result === 'void' ? 'void' : 'settled',
          open_price: open?.price ?? null,
          open_tick_at: open?.ts ?? null,
          close_price: close?.price ?? null,
          close_tick_at: close?.ts ?? null,
          band,
          result: result === 'void' ? null : result,
          exposure: '0',
          settled_at: new Date(),
        })
        .where('id', '=', round.id)
        .returningAll()
        .executeTakeFirstOrThrow()) as RoundRow
      return { result, orders, round: finished }
    })
  }

  /** Funds the pool from the treasury (console), one ledger entry. */
  async fundPool(trx: Tx, amount: string, actorId: string, reason: string): Promise<void> {
    await lockPool(trx)
    await postEntry(trx, {
      reason: 'option_settlement',
      refType: 'option_pool_funding',
      memo: reason,
      actorId,
      postings: move(TREASURY, POOL, normalize(amount)),
    })
  }
}

export function settingToWire(r: {
  symbol: string
  period: number
  enabled: boolean
  up_rate: string
  down_rate: string
  flat_rate: string
  band: string
  fee_rate: string
  min_amount: string
  cutoff: number
}): OptionSetting {
  return {
    symbol: r.symbol,
    period: r.period as OptionSetting['period'],
    enabled: r.enabled,
    upRate: normalize(r.up_rate),
    downRate: normalize(r.down_rate),
    flatRate: normalize(r.flat_rate),
    band: normalize(r.band),
    feeRate: normalize(r.fee_rate),
    minAmount: normalize(r.min_amount),
    cutoff: r.cutoff,
  }
}

export const ratesOf = (r: RoundRow) => ({
  up: normalize(r.up_rate),
  down: normalize(r.down_rate),
  flat: normalize(r.flat_rate),
})
export const bookOf = (r: RoundRow): RoundBook => ({
  up: normalize(r.book_up),
  down: normalize(r.book_down),
  flat: normalize(r.book_flat),
})
export const totalOf = (b: RoundBook) => sum([b.up, b.down, b.flat])

const services = new WeakMap<Db, OptionService>()
/** One service per database (its settings cache and tick recorder are per process). */
export function optionService(db: Db): OptionService {
  let s = services.get(db)
  if (!s) {
    s = new OptionService(db)
    services.set(db, s)
  }
  return s
}
/** A fresh service on the database, as after a restart (tests). */
export function restartOptionService(db: Db): OptionService {
  const s = new OptionService(db)
  services.set(db, s)
  return s
}
