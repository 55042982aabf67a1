import { gt } from '@common/money/decimal'
import { buyableRoundStart, type OptionResult, type OptionType } from '@common/option/rules'
import type { OptionOrderInput, OptionSetting } from '@common/option/schema'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'
import { indexHealth } from '../../market/index-health'
import type { MarketData } from '../../market/service'
import type { OptionDesk } from './desk'
import { placeOrder } from './orders'
import { fundPool, poolState, seedPool } from './pool'
import { settingRows } from './repo'
import { ensureRoundRow, type RoundRow, recordTicks, roundsDueBefore } from './round-repo'
import { notifyRound, SETTLE_DELAY_MS, settleInTx } from './settle'
import { settingToWire } from './wire'

type Log = { warn(o: unknown, m?: string): void }
type Tick = { symbol: string; sec: number; price: string; ts: number }

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
 * pool), index ticks recorded per second, and settlement from those recorded ticks. The queries
 * are in repo.ts and round-repo.ts, the pool in pool.ts.
 */
export class OptionService implements OptionDesk {
  private settings = new Map<string, OptionSetting>()
  private loaded: Promise<void> | null = null
  private market: MarketData | null = null
  /** The clock; a test hook may shift it outside production. */
  offsetMs = 0
  private readonly pendingTicks = new Map<string, Tick>()
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
      await seedPool(this.db)
    })()
    return this.loaded
  }

  async reloadSettings(): Promise<void> {
    const rows = await settingRows(this.db)
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

  /** The current index; null before the first and while it is stale (live mode). */
  index(symbol: string): string | null {
    if (this.market && indexHealth(this.market).isStale(symbol)) return null
    const last = this.market?.ticker(symbol)?.last
    return last && gt(last, '0') ? last : null
  }

  /**
   * How long a round whose delivery second has no index (it was stale) waits for a fresh one
   * before it is void and refunded (ms; live mode only: demo mode has no stale index).
   */
  indexWaitMs(): number {
    if (!this.market) return 0
    const h = indexHealth(this.market)
    return h.mode === 'live' ? h.optionWaitMs : 0
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

  recordTicks(rows: Tick[]): Promise<void> {
    return recordTicks(this.db, rows)
  }

  // ---- rounds ----

  /** The round of (symbol, period, start), created with today's settings when missing. */
  ensureRound(trx: Tx, s: OptionSetting, start: number): Promise<RoundRow> {
    return ensureRoundRow(trx, s, start, this.pricePrecision(s.symbol))
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

  pool(trx: Tx = this.db): Promise<{ balance: string; exposure: string }> {
    return poolState(trx)
  }

  // ---- orders ----

  /** Buys an option in the round taking orders now (orders.ts). */
  order(
    holder: string,
    input: OptionOrderInput & { period: number },
  ): Promise<{ orderId: string; round: RoundRow }> {
    return placeOrder(this, holder, input)
  }

  /** Whether the market lists the symbol as trading (an unknown symbol counts as trading). */
  trading(symbol: string): boolean {
    const inst = this.market?.instrument(symbol)
    return !inst || inst.status === 'trading'
  }

  // ---- settlement ----

  /** Rounds whose delivery second has passed and that are not settled yet, oldest first. */
  dueRounds(limit = 200): Promise<RoundRow[]> {
    return roundsDueBefore(this.db, Math.floor((this.now() - SETTLE_DELAY_MS) / 1000), limit)
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
   * their notifications are written by one statement and pushed. A second call finds the round
   * settled and nothing waiting. Prices come only from recorded ticks at the start and delivery
   * seconds. The pool may not end below zero: a round that would overdraw it is refused
   * (AppError insufficientBalance), changes nothing and stays due.
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
    return settleInTx(this, roundId)
  }

  /** Funds the pool from the treasury (console), one ledger entry. */
  fundPool(trx: Tx, amount: string, actorId: string, reason: string): Promise<void> {
    return fundPool(trx, amount, actorId, reason)
  }
}

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
