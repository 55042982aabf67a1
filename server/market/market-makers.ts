import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, cmp, div, gt, lt, mul, round, sub, toFixed } from '@common/money/decimal'
import type { Db } from '../db/db'
import { move, postEntry, readBalances } from '../ledger/ledger'
import type { PlaceInput, SpotService } from '../modules/spot/service'
import type { MarketData } from './service'

export const MARKET_MAKER = 'mm:1'
export const MARKET_MAKERS_SETTING = 'market_makers.enabled'

export interface MarketMakerOptions {
  holder?: string
  /** Levels quoted on each side. */
  levels?: number
  /** Distance between levels, as a fraction of the index (0.0005 = 0.05 %). */
  step?: string
  /** Quote-currency size of each level. */
  levelNotional?: string
  /** Re-quote when the index moved more than this fraction since the last quote. */
  moveThreshold?: string
  /** Re-quote anyway after this long (ms). */
  maxAgeMs?: number
  /** Pause between two symbols (ms): the loop never holds the event loop or the spot lock for long. */
  pauseMs?: number
  log?: { warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }
}

/** Is the 'market_makers.enabled' setting on? A missing row means on. */
export async function marketMakersEnabled(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', MARKET_MAKERS_SETTING)
    .executeTakeFirst()
  if (!row) return true
  const v = typeof row.value === 'string' ? row.value.trim() : row.value
  return !(v === false || v === 'false')
}

/**
 * Demo liquidity: a system holder quoting a few levels around the index on every crypto spot
 * pair, re-quoting as the index moves. Its funds come from the treasury through the ledger
 * (market_maker_funding); like a user it can never go below zero. One symbol at a time, with a
 * pause between symbols, each re-quote one transaction.
 */
export class MarketMakers {
  private readonly holder: string
  private readonly levels: number
  private readonly step: string
  private readonly levelNotional: string
  private readonly moveThreshold: string
  private readonly maxAgeMs: number
  private readonly pauseMs: number
  private readonly quoted = new Map<string, { mid: string; at: number }>()
  private running = false
  private loop: Promise<void> | null = null
  private wake: (() => void) | null = null
  private active = false

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly spot: SpotService,
    private readonly opts: MarketMakerOptions = {},
  ) {
    this.holder = opts.holder ?? MARKET_MAKER
    this.levels = opts.levels ?? 7
    this.step = opts.step ?? '0.0006'
    this.levelNotional = opts.levelNotional ?? '800'
    this.moveThreshold = opts.moveThreshold ?? '0.0004'
    this.maxAgeMs = opts.maxAgeMs ?? 30_000
    this.pauseMs = opts.pauseMs ?? 100
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wake?.()
    await this.loop
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null
        resolve()
      }, ms)
      this.wake = () => {
        clearTimeout(t)
        this.wake = null
        resolve()
      }
    })
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const enabled = await marketMakersEnabled(this.db)
        if (enabled) {
          this.active = true
          for (const inst of this.market.instruments()) {
            if (!this.running) break
            if (inst.category !== 'spot' || inst.status !== 'trading') continue
            await this.maybeQuote(inst.symbol)
            await this.sleep(this.pauseMs)
          }
        } else if (this.active) {
          // Switched off: take the quotes down once.
          this.active = false
          this.quoted.clear()
          await this.spot.cancelAll(this.holder)
        }
      } catch (err) {
        this.opts.log?.warn({ err }, 'market makers: cycle failed')
      }
      await this.sleep(1000)
    }
  }

  /** Re-quotes one symbol now if the index moved or the quotes are stale. Exposed for tests. */
  async maybeQuote(symbol: string, force = false): Promise<boolean> {
    const last = this.market.ticker(symbol)?.last
    if (!last || !gt(last, '0')) return false
    const prev = this.quoted.get(symbol)
    if (!force && prev) {
      const moved = div(sub(last, prev.mid).replace('-', ''), prev.mid, 8, 'down')
      if (lt(moved, this.moveThreshold) && Date.now() - prev.at < this.maxAgeMs) return false
    }
    const quotes = this.quotesFor(symbol, last)
    if (quotes.length === 0) return false
    await this.ensureFunds(symbol, quotes)
    try {
      await this.spot.requote(this.holder, symbol, quotes)
    } catch (err) {
      this.opts.log?.warn({ err, symbol }, 'market makers: re-quote failed')
      return false
    }
    this.quoted.set(symbol, { mid: last, at: Date.now() })
    return true
  }

  quotesFor(symbol: string, mid: string): PlaceInput[] {
    const inst = this.market.instrument(symbol)
    if (!inst) return []
    const pp = inst.price_precision
    const ap = inst.amount_precision
    const out: PlaceInput[] = []
    for (let i = 1; i <= this.levels; i++) {
      const off = mul(this.step, String(i))
      const bid = round(mul(mid, sub('1', off)), pp, 'down')
      const ask = round(mul(mid, add('1', off)), pp, 'up')
      for (const [side, price] of [
        ['buy', bid],
        ['sell', ask],
      ] as const) {
        if (!gt(price, '0')) continue
        // Slightly larger further out, like a real book.
        const size = toFixed(
          div(mul(this.levelNotional, String(1 + (i - 1) * 0.5)), price, ap + 2, 'down'),
          ap,
          'down',
        )
        if (lt(size, inst.min_amount) || lt(mul(size, price), inst.min_notional)) continue
        out.push({ symbol, side, type: 'limit', price, amount: size })
      }
    }
    return out
  }

  /** Tops up the holder's spot balances from the treasury so the quotes can be frozen. */
  private async ensureFunds(symbol: string, quotes: PlaceInput[]): Promise<void> {
    const inst = this.market.instrument(symbol)
    if (!inst) return
    let needQuote = '0'
    let needBase = '0'
    for (const q of quotes) {
      if (q.side === 'buy') needQuote = add(needQuote, mul(mul(q.price ?? '0', q.amount ?? '0'), '1.01'))
      else needBase = add(needBase, q.amount ?? '0')
    }
    const balances = await readBalances(this.db, this.holder, { account: 'spot' })
    const have = (asset: string, withFrozen: boolean) => {
      const b = balances.find((x) => x.asset === asset)
      return b ? (withFrozen ? add(b.available, b.frozen) : b.available) : '0'
    }
    const topUps: [string, string][] = []
    // Quote money is shared by every pair: only what is free counts.
    if (cmp(have(inst.quote, false), needQuote) < 0)
      topUps.push([inst.quote, round(mul(needQuote, '20'), 2, 'up')])
    // The base is only quoted on this pair: its own frozen asks come back at the re-quote.
    if (cmp(have(inst.base, true), needBase) < 0) topUps.push([inst.base, mul(needBase, '10')])
    for (const [asset, amount] of topUps) {
      await this.db.transaction().execute((trx) =>
        postEntry(trx, {
          reason: 'market_maker_funding',
          refType: 'market_maker',
          refId: this.holder,
          memo: `demo liquidity for ${symbol}`,
          postings: move(
            { holder: SYSTEM_HOLDER, account: 'treasury', asset },
            { holder: this.holder, account: 'spot', asset },
            amount,
          ),
        }),
      )
    }
  }
}
