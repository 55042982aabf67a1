import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, div, gt, lt, max, min, mul, round, sub } from '@common/money/decimal'
import type { ContractSide } from '@common/schemas/contract'
import type { Db } from '../db/db'
import { move, postEntry, readBalances } from '../ledger/ledger'
import type { ContractService } from '../modules/contract/service'
import { MARKET_MAKER, marketMakersEnabled } from './market-makers'
import type { MarketData } from './service'

/** A top-up when the makers' contract account falls below the floor. */
const TOP_UP = '10000000'
const FLOOR = '2000000'

export interface ContractMakerOptions {
  levels?: number
  /** Distance between levels as a fraction of the index. */
  step?: string
  /** USDT notional of the first level. */
  levelNotional?: string
  /** Inventory (USDT notional, either side) at which the makers stop adding to it. */
  maxInventory?: string
  log?: { warn(o: unknown, m?: string): void }
}

/**
 * Demo liquidity on the perpetuals: the system maker (holder mm:1, its contract account) quotes
 * a few levels each side around the index and re-quotes as it moves.
 *
 * Never liquidated, by funding: its contract account is topped up from the treasury through the
 * ledger (market_maker_funding) to at least 2,000,000 USDT, 10,000,000 at a time, while its
 * inventory is capped at `maxInventory` (200,000 USDT notional) per symbol: even a 100 % move
 * against all six inventories loses 1,200,000, below the floor. The risk scanner skips mm:
 * holders for that reason, and its positions take part in funding like anyone's.
 *
 * Inventory skew: with a net long of r x maxInventory (r in [-1, 1]), the quotes' centre moves
 * down by r x 2 steps (its bids get less attractive, its asks more) and the side that would add to
 * the inventory shrinks by (1 - |r|), so the maker's fills pull its inventory back towards zero.
 */
export class ContractMarketMakers {
  private readonly levels: number
  private readonly step: string
  private readonly levelNotional: string
  private readonly maxInventory: string
  private readonly quoted = new Map<string, { mid: string; at: number }>()
  private timer: ReturnType<typeof setInterval> | null = null
  private busy = false

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly svc: ContractService,
    private readonly opts: ContractMakerOptions = {},
    readonly holder = MARKET_MAKER,
  ) {
    this.levels = opts.levels ?? 6
    this.step = opts.step ?? '0.0005'
    this.levelNotional = opts.levelNotional ?? '3000'
    this.maxInventory = opts.maxInventory ?? '200000'
  }

  start(): void {
    this.timer ??= setInterval(() => void this.cycle(), 1000)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
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

  /** Re-quotes a symbol if the index moved 0.03 % or the quotes are 20 s old. Exposed for tests. */
  async maybeQuote(symbol: string, force = false): Promise<boolean> {
    const index = this.svc.mark(symbol)
    if (!index) return false
    const prev = this.quoted.get(symbol)
    if (!force && prev) {
      const moved = div(sub(index, prev.mid).replace('-', ''), prev.mid, 8, 'down')
      if (lt(moved, '0.0003') && Date.now() - prev.at < 20_000) return false
    }
    await this.ensureFunds()
    await this.svc.requote(this.holder, symbol, this.quotesFor(symbol, index))
    this.quoted.set(symbol, { mid: index, at: Date.now() })
    return true
  }

  quotesFor(symbol: string, index: string): { side: ContractSide; price: string; lots: number }[] {
    const inst = this.svc.inst(symbol)
    const lots = (side: ContractSide) => Number(this.svc.position(this.holder, symbol, side)?.lots ?? 0)
    const inventory = mul(String(lots('long') - lots('short')), mul(inst.lotSize, index))
    const r = max('-1', min('1', div(inventory, this.maxInventory, 6, 'half-up')))
    const mid = mul(index, sub('1', mul(mul(r, this.step), '2')))
    const out: { side: ContractSide; price: string; lots: number }[] = []
    for (let i = 1; i <= this.levels; i++) {
      const off = mul(this.step, String(i))
      const size = mul(this.levelNotional, String(1 + (i - 1) * 0.5))
      for (const side of ['long', 'short'] as const) {
        const adds = side === 'long' ? gt(r, '0') : lt(r, '0')
        const scale = adds ? sub('1', r.replace('-', '')) : '1'
        const price = round(
          mul(mid, side === 'long' ? sub('1', off) : add('1', off)),
          inst.pp,
          side === 'long' ? 'down' : 'up',
        )
        if (!gt(price, '0')) continue
        const n = Number(div(mul(size, scale), mul(price, inst.lotSize), 0, 'down'))
        if (n > 0) out.push({ side, price, lots: n })
      }
    }
    return out
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
