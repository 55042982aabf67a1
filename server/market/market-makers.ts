import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, cmp, div, gt, lt, mul, normalize, round, sub, toFixed } from '@common/money/decimal'
import { fromUnits } from '@common/money/units'
import type { Db } from '../db/db'
import { settingOn } from '../db/setting'
import { move, postEntry, readBalances } from '../ledger/ledger'
import type { PlaceInput } from '../platform/ports/engines'
import { indexHealth } from './index-health'
import { createRng } from './prng'
import type { MarketData } from './service'

export const MARKET_MAKER = 'mm:1'
export const MARKET_MAKERS_SETTING = 'market_makers.enabled'

/**
 * What the makers ask of the spot engine. The spot module hands its engine in (its manifest,
 * server/modules/spot/index.ts): market data sits below the modules and imports none.
 */
export interface SpotQuoting {
  /** Makes the holder's orders on `symbol` exactly `quotes`, atomically. */
  requote(holder: string, symbol: string, quotes: PlaceInput[]): Promise<void>
  cancelAll(holder: string, symbol?: string): Promise<number>
}

export interface MarketMakerOptions {
  holder?: string
  /** Levels quoted on each side. */
  levels?: number
  /** Quote-currency size of the best level; deeper levels grow from it. */
  levelNotional?: string
  /** Re-centre the book when the index moved more than this fraction from its centre. */
  moveThreshold?: string
  /** Re-quote anyway after this long (ms): levels taken by fills come back. */
  maxAgeMs?: number
  /** Pause between two symbols (ms): the loop never holds the event loop or the spot lock for long. */
  pauseMs?: number
  log?: { warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }
  /** Cluster: quote only the markets this core owns (their books are only current here). */
  owns?: (symbol: string) => boolean
}

/** The first gap between two levels, as a fraction of the price (before the one-tick floor). */
const FIRST_GAP = 2e-7
/** Each gap is about this much wider than the one before it... */
const GAP_GROWTH = 1.9
/** ...up to this (0.024 % of the price). */
const MAX_GAP = 2.4e-4

/**
 * The prices of one side of a demo book, in ticks (units of 10^-pricePrecision), best first.
 *
 * The best level sits one tick from `centre` (so the spread is one or two ticks); the gaps
 * start at one or two ticks and widen with distance up to 0.024 % of the price (24 levels span
 * about 0.35 %), each jittered by a stream seeded from the symbol and side, so a book never
 * looks like a grid. Levels past the first few sit on a "nice" grid about half their gap wide
 * (round prices, as real deep liquidity tends to).
 */
export function ladderTicks(
  symbol: string,
  side: 'bid' | 'ask',
  centre: number,
  price: number,
  pricePrecision: number,
  levels: number,
): number[] {
  const ticksPerPrice = 10 ** pricePrecision
  const rng = createRng(`book:${symbol}:${side}`)
  const dir = side === 'bid' ? -1 : 1
  const best = side === 'bid' ? Math.ceil(centre) - 1 : Math.floor(centre) + 1
  if (best <= 0) return []
  const out = [best]
  let off = 0
  let gap = FIRST_GAP
  for (let i = 1; i < levels; i++) {
    const ticks = Math.max(1, gap * (0.6 + 0.8 * rng.next()) * price * ticksPerPrice)
    gap = Math.min(gap * GAP_GROWTH, MAX_GAP)
    off += ticks
    const grid = niceGrid(ticks / 2)
    const prev = out[out.length - 1] as number
    let p = side === 'bid' ? Math.floor((best - off) / grid) * grid : Math.ceil((best + off) / grid) * grid
    // Never on or through the level before (a coarse grid can round back onto it).
    if ((p - prev) * dir < 1) p = prev + dir
    if (p <= 0 || !Number.isSafeInteger(p)) break
    out.push(p)
  }
  return out
}

/** One quoted level: its price in ticks and its size (base amount or lots, as text). */
export interface Level {
  ticks: number
  size: string
}

/**
 * The levels to quote on one side, best first: the best always at `target[0]`; every deeper
 * target takes the previously quoted level lying closest to it within its window (half way to
 * its neighbours), price and size unchanged, or else a new level made by `make`. When the
 * centre moves, the deep levels stay where they are (a real book does not move its whole depth
 * for a small move): only the levels near the top are cancelled and placed.
 */
export function settle(
  target: number[],
  prev: readonly Level[] | undefined,
  make: (ticks: number, rank: number) => string | null,
): Level[] {
  const best = target[0]
  if (best === undefined) return []
  const dir = target.length > 1 && (target[1] as number) < best ? -1 : 1
  const dist = (t: number) => (t - best) * dir
  const out: Level[] = []
  const taken = new Set<Level>()
  target.forEach((t, i) => {
    let pick: Level | undefined
    if (i > 0 && prev) {
      const d = dist(t)
      const lo = (dist(target[i - 1] as number) + d) / 2
      const next = target[i + 1]
      const hi = next === undefined ? d + (d - lo) : (d + dist(next)) / 2
      for (const l of prev) {
        const dl = dist(l.ticks)
        if (dl <= lo || dl > hi || taken.has(l)) continue
        if (!pick || Math.abs(dl - d) < Math.abs(dist(pick.ticks) - d)) pick = l
      }
    }
    if (pick) {
      taken.add(pick)
      out.push(pick)
      return
    }
    const size = make(t, i)
    if (size !== null) out.push({ ticks: t, size })
  })
  return out
}

/** The largest of 1, 2, 5, 10, 20, 50... ticks not above `ticks` (at least 1). */
function niceGrid(ticks: number): number {
  if (ticks < 2) return 1
  const e = 10 ** Math.floor(Math.log10(ticks))
  const m = ticks / e
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * e
}

/**
 * Size of a level, in the quote currency: growing with the level's rank (about 30x from the best
 * to the 24th), times a factor from a stream seeded by the symbol, side and price (0.55-1.45,
 * now and then a wall of 2.5x), so a level that keeps its price keeps its size.
 */
export function levelNotional(
  symbol: string,
  side: 'bid' | 'ask',
  rank: number,
  ticks: number,
  base: number,
) {
  const rng = createRng(`size:${symbol}:${side}:${ticks}`)
  const jitter = 0.55 + 0.9 * rng.next()
  const wall = rank > 3 && rng.next() > 0.92 ? 2.5 : 1
  return base * (1 + 0.35 * rank) ** 1.6 * jitter * wall
}

/** Is the 'market_makers.enabled' setting on? A missing row means on. */
export async function marketMakersEnabled(db: Db): Promise<boolean> {
  return settingOn(db, MARKET_MAKERS_SETTING)
}

/**
 * Demo liquidity: a system holder quoting a book of `levels` (24) levels a side on every crypto
 * spot pair (see ladderTicks for the shape), re-centred on the index when it moves more than
 * `moveThreshold` (0.04 %) and refreshed every `maxAgeMs` so filled levels come back. Its funds
 * come from the treasury through the ledger (market_maker_funding); like a user it can never go
 * below zero. One symbol at a time, with a pause between symbols; each re-quote is one
 * transaction that cancels and places only the levels whose price or size changed.
 */
export class MarketMakers {
  private readonly holder: string
  private readonly levels: number
  private readonly levelNotional: number
  private readonly moveThreshold: string
  private readonly maxAgeMs: number
  private readonly pauseMs: number
  private readonly quoted = new Map<string, { mid: string; at: number; bid: Level[]; ask: Level[] }>()
  private running = false
  private loop: Promise<void> | null = null
  private wake: (() => void) | null = null
  private active = false

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly spot: SpotQuoting,
    private readonly opts: MarketMakerOptions = {},
  ) {
    this.holder = opts.holder ?? MARKET_MAKER
    this.levels = opts.levels ?? 24
    this.levelNotional = Number(opts.levelNotional ?? '300')
    this.moveThreshold = opts.moveThreshold ?? '0.0004'
    this.maxAgeMs = opts.maxAgeMs ?? 15_000
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
            if (this.opts.owns && !this.opts.owns(inst.symbol)) continue
            // Only a symbol that had work to do earns the pause before the next one.
            if (await this.maybeQuote(inst.symbol)) await this.sleep(this.pauseMs)
          }
        } else if (this.active) {
          // Switched off: take the quotes down once.
          this.active = false
          this.quoted.clear()
          const owns = this.opts.owns
          if (!owns) await this.spot.cancelAll(this.holder)
          else
            for (const inst of this.market.instruments())
              if (inst.category === 'spot' && owns(inst.symbol))
                await this.spot.cancelAll(this.holder, inst.symbol)
        }
      } catch (err) {
        this.opts.log?.warn({ err }, 'market makers: cycle failed')
      }
      await this.sleep(1000)
    }
  }

  /**
   * Re-centres one symbol's book if the index moved (the deep levels stay, see settle), or
   * refreshes it at the same centre when it is `maxAgeMs` old (levels taken by fills come back;
   * whole ones stay as they are). Exposed for tests.
   */
  async maybeQuote(symbol: string, force = false): Promise<boolean> {
    // A stale index (live mode): the house stops quoting this market until it is fresh again.
    if (indexHealth(this.market).isStale(symbol)) {
      if (this.quoted.delete(symbol)) await this.spot.cancelAll(this.holder, symbol)
      return false
    }
    const last = this.market.ticker(symbol)?.last
    if (!last || !gt(last, '0')) return false
    const prev = this.quoted.get(symbol)
    let mid = last
    if (!force && prev) {
      const moved = div(sub(last, prev.mid).replace('-', ''), prev.mid, 8, 'down')
      if (lt(moved, this.moveThreshold)) {
        if (Date.now() - prev.at < this.maxAgeMs) return false
        mid = prev.mid
      }
    }
    const book = this.levelsFor(symbol, mid, prev)
    const quotes = this.toQuotes(symbol, book)
    if (quotes.length === 0) return false
    await this.ensureFunds(symbol, quotes)
    try {
      await this.spot.requote(this.holder, symbol, quotes)
    } catch (err) {
      this.opts.log?.warn({ err, symbol }, 'market makers: re-quote failed')
      return false
    }
    this.quoted.set(symbol, { mid, at: Date.now(), ...book })
    return true
  }

  /** The book around `mid` (no earlier quotes to keep): bids, then asks, best first. */
  quotesFor(symbol: string, mid: string): PlaceInput[] {
    return this.toQuotes(symbol, this.levelsFor(symbol, mid))
  }

  /** Each side's levels around `mid`, keeping the deep levels of `prev` where they still fit. */
  levelsFor(
    symbol: string,
    mid: string,
    prev?: { bid: Level[]; ask: Level[] },
  ): { bid: Level[]; ask: Level[] } {
    const inst = this.market.instrument(symbol)
    if (!inst) return { bid: [], ask: [] }
    const pp = inst.price_precision
    const ap = inst.amount_precision
    const index = Number(mid)
    const side = (book: 'bid' | 'ask') =>
      settle(ladderTicks(symbol, book, index * 10 ** pp, index, pp, this.levels), prev?.[book], (t, rank) => {
        const price = fromUnits(t, pp)
        const notional = levelNotional(symbol, book, rank, t, this.levelNotional).toFixed(2)
        let size = toFixed(div(notional, price, ap + 2, 'down'), ap, 'down')
        // Respect the pair's minimums: a level is never below them.
        if (lt(size, inst.min_amount)) size = inst.min_amount
        if (lt(mul(size, price), inst.min_notional))
          size = round(div(inst.min_notional, price, ap + 2, 'up'), ap, 'up')
        return normalize(size)
      })
    return { bid: side('bid'), ask: side('ask') }
  }

  private toQuotes(symbol: string, book: { bid: Level[]; ask: Level[] }): PlaceInput[] {
    const pp = this.market.instrument(symbol)?.price_precision ?? 0
    return [
      ...book.bid.map((l) => ({
        symbol,
        side: 'buy' as const,
        type: 'limit' as const,
        price: fromUnits(l.ticks, pp),
        amount: l.size,
      })),
      ...book.ask.map((l) => ({
        symbol,
        side: 'sell' as const,
        type: 'limit' as const,
        price: fromUnits(l.ticks, pp),
        amount: l.size,
      })),
    ]
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
