import type { ContractSide } from '@common/contract/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { div, gt, lt, max, min, mul, round, sub } from '@common/money/decimal'
import { fromUnits } from '@common/money/units'
import type { Db } from '../db/db'
import { move, postEntry, readBalances } from '../ledger/ledger'
import {
  type Level,
  ladderTicks,
  levelNotional,
  MARKET_MAKER,
  marketMakersEnabled,
  settle,
} from './market-makers'
import type { MarketData } from './service'

/** A top-up when the makers' contract account falls below the floor. */
const TOP_UP = '10000000'
const FLOOR = '2000000'

/**
 * What the makers ask of the perpetual engine. The contract module hands its engine in (its
 * manifest, server/modules/contract/index.ts): market data sits below the modules and imports none.
 */
export interface ContractQuoting {
  /** Registers (or, with null, removes) the holder's quotes as followers of the index ticks. */
  setIndexFollower(holder: string, follow: ((symbol: string) => Promise<unknown>) | null): void
  mark(symbol: string): string | null
  inst(symbol: string): { pp: number; lotSize: string }
  position(holder: string, symbol: string, side: ContractSide): { lots: string } | undefined
  requote(
    holder: string,
    symbol: string,
    quotes: { side: ContractSide; price: string; lots: number }[],
  ): Promise<void>
}

export interface ContractMakerOptions {
  /** Levels quoted on each side. */
  levels?: number
  /** USDT notional of the best level; deeper levels grow from it. */
  levelNotional?: string
  /** Inventory (USDT notional, either side) at which the makers stop adding to it. */
  maxInventory?: string
  /** Re-centre the book when the index moved more than this fraction from its centre. */
  moveThreshold?: string
  /** Refresh at the same centre after this long (ms): levels taken by fills come back. */
  maxAgeMs?: number
  log?: { warn(o: unknown, m?: string): void }
}

/**
 * Demo liquidity on the perpetuals: the system maker (holder mm:1, its contract account) quotes
 * a book of `levels` (24) levels a side around the index, shaped like the spot makers' book
 * (ladderTicks: one or two ticks of spread, gaps and sizes growing with distance), re-centred
 * when the index moves 0.03 % and refreshed every 15 s; a re-quote replaces only the levels
 * whose price or size changed, and the deep levels stay where they are (settle).
 *
 * Never liquidated, by funding: its contract account is topped up from the treasury through the
 * ledger (market_maker_funding) to at least 2,000,000 USDT, 10,000,000 at a time, while its
 * inventory is capped at `maxInventory` (200,000 USDT notional) per symbol: even a 100 % move
 * against all six inventories loses 1,200,000, below the floor. The risk scanner skips mm:
 * holders for that reason, and its positions take part in funding like anyone's.
 *
 * Inventory skew: with a net long of r x maxInventory (r in [-1, 1]), the book's centre moves
 * down by r x 0.1 % of the index (its bids get less attractive, its asks more) and the side that
 * would add to the inventory shrinks by (1 - |r|), so the maker's fills pull its inventory back
 * towards zero.
 */
export class ContractMarketMakers {
  private readonly levels: number
  private readonly levelNotional: number
  private readonly maxInventory: string
  private readonly moveThreshold: string
  private readonly maxAgeMs: number
  private readonly quoted = new Map<
    string,
    { mid: string; at: number; scale: string; bid: Level[]; ask: Level[] }
  >()
  private timer: ReturnType<typeof setInterval> | null = null
  private busy = false

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly svc: ContractQuoting,
    private readonly opts: ContractMakerOptions = {},
    readonly holder = MARKET_MAKER,
  ) {
    this.levels = opts.levels ?? 24
    this.levelNotional = Number(opts.levelNotional ?? '1000')
    this.maxInventory = opts.maxInventory ?? '200000'
    this.moveThreshold = opts.moveThreshold ?? '0.0003'
    this.maxAgeMs = opts.maxAgeMs ?? 15_000
  }

  start(): void {
    this.timer ??= setInterval(() => void this.cycle(), 1000)
    this.timer.unref?.()
    this.follow()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.svc.setIndexFollower(this.holder, null)
  }

  /**
   * Quotes follow the index before triggers run: the contract service calls this on every index
   * tick before its liquidation scan and TP/SL (docs/products/perpetual.md, "Price protection"), besides the 1 s timer.
   */
  follow(): void {
    this.svc.setIndexFollower(this.holder, async (symbol) => {
      if (await marketMakersEnabled(this.db)) await this.maybeQuote(symbol)
    })
  }

  private async cycle(): Promise<void> {
    if (this.busy) return
    this.busy = true
    try {
      if (!(await marketMakersEnabled(this.db))) return
      for (const i of this.market.instruments())
        if (i.category === 'perpetual') await this.maybeQuote(i.symbol)
    } catch (err) {
      this.opts.log?.warn({ err }, 'contract market makers: cycle failed')
    } finally {
      this.busy = false
    }
  }

  /**
   * Re-centres a symbol's book if the index moved, or refreshes it at the same centre when the
   * quotes are `maxAgeMs` old. Exposed for tests.
   */
  async maybeQuote(symbol: string, force = false): Promise<boolean> {
    const index = this.svc.mark(symbol)
    if (!index) return false
    const prev = this.quoted.get(symbol)
    let mid = index
    if (!force && prev) {
      const moved = div(sub(index, prev.mid).replace('-', ''), prev.mid, 8, 'down')
      if (lt(moved, this.moveThreshold)) {
        if (Date.now() - prev.at < this.maxAgeMs) return false
        mid = prev.mid
      }
    }
    await this.ensureFunds()
    const book = this.levelsFor(symbol, mid, prev)
    await this.svc.requote(this.holder, symbol, toQuotes(book, this.svc.inst(symbol).pp))
    this.quoted.set(symbol, { mid, at: Date.now(), ...book })
    return true
  }

  /** The book around the index with no earlier quotes to keep: bids (long), then asks (short). */
  quotesFor(symbol: string, index: string): { side: ContractSide; price: string; lots: number }[] {
    return toQuotes(this.levelsFor(symbol, index), this.svc.inst(symbol).pp)
  }

  /**
   * Each side's levels (sizes in lots). The deep levels of `prev` stay where they still fit
   * (settle), unless the inventory skew changed the sizes since.
   */
  levelsFor(
    symbol: string,
    index: string,
    prev?: { scale: string; bid: Level[]; ask: Level[] },
  ): { scale: string; bid: Level[]; ask: Level[] } {
    const inst = this.svc.inst(symbol)
    const lots = (side: ContractSide) => Number(this.svc.position(this.holder, symbol, side)?.lots ?? 0)
    const inventory = mul(String(lots('long') - lots('short')), mul(inst.lotSize, index))
    const r = max('-1', min('1', div(inventory, this.maxInventory, 6, 'half-up')))
    const scale = round(r, 2, 'half-up')
    const keep = prev && prev.scale === scale ? prev : undefined
    const mid = Number(mul(index, sub('1', mul(r, '0.001'))))
    const side = (book: 'bid' | 'ask') => {
      const adds = book === 'bid' ? gt(r, '0') : lt(r, '0')
      const factor = adds ? 1 - Math.abs(Number(r)) : 1
      const ticks = ladderTicks(symbol, book, mid * 10 ** inst.pp, mid, inst.pp, this.levels)
      return settle(ticks, keep?.[book], (t, rank) => {
        const notional = levelNotional(symbol, book, rank, t, this.levelNotional) * factor
        const n = Number(div(notional.toFixed(2), mul(fromUnits(t, inst.pp), inst.lotSize), 0, 'down'))
        return n > 0 ? String(n) : null
      })
    }
    return { scale, bid: side('bid'), ask: side('ask') }
  }

  private async ensureFunds(): Promise<void> {
    const [b] = await readBalances(this.db, this.holder, { account: 'contract', asset: 'USDT' })
    if (b && !lt(b.available, FLOOR)) return
    await this.db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'market_maker_funding',
        refType: 'market_maker',
        refId: this.holder,
        memo: 'demo liquidity for perpetuals',
        postings: move(
          { holder: SYSTEM_HOLDER, account: 'treasury', asset: 'USDT' },
          { holder: this.holder, account: 'contract', asset: 'USDT' },
          TOP_UP,
        ),
      }),
    )
  }
}

function toQuotes(book: { bid: Level[]; ask: Level[] }, pp: number) {
  return [
    ...book.bid.map((l) => ({ side: 'long' as const, price: fromUnits(l.ticks, pp), lots: Number(l.size) })),
    ...book.ask.map((l) => ({ side: 'short' as const, price: fromUnits(l.ticks, pp), lots: Number(l.size) })),
  ]
}
