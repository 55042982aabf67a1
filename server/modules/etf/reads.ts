import type { Page } from '@common/api/page'
import { change24h, nextRebalanceAt } from '@common/etf/nav'
import type { EtfHolding, EtfNavPoint, EtfOrder, EtfProduct, EtfRange } from '@common/etf/schema'
import { mul, neg, normalize, round } from '@common/money/decimal'
import type { EtfCtx } from './context'
import { ACCOUNT } from './desk'
import { componentsOf } from './pricing'
import * as repo from './repo'

const MINUTE = 60_000
const DAY = 24 * 3600_000

/** What users and the console read: products with their NAV now, holdings, orders, NAV history. */
export class EtfReads {
  constructor(private readonly etf: EtfCtx) {}

  /** Open products (every product, closed ones too, with `all`) as the app shows them. */
  async products(all = false): Promise<EtfProduct[]> {
    const now = Date.now()
    const rows = await repo.products(this.etf.db)
    return Promise.all(rows.filter((r) => all || r.status !== 'closed').map((r) => this.toWire(r, now)))
  }

  async product(code: string): Promise<EtfProduct> {
    return this.toWire(await repo.productOf(this.etf.db, code))
  }

  async toWire(r: repo.ProductRow, now = Date.now()): Promise<EtfProduct> {
    const { pricing } = this.etf
    const { market } = pricing
    const nav = pricing.navOf(r)
    const supply = await this.supply(r.code)
    let change: string | null = null
    if (nav !== null) {
      const first = await repo.navPointNear(this.etf.db, r.code, now - DAY)
      change = first ? change24h([{ ts: Number(first.ts), nav: normalize(first.nav) }], nav, now) : null
    }
    return {
      code: r.code,
      name: r.name,
      kind: r.kind,
      underlying: r.underlying,
      base: r.underlying ? (market.instrument(r.underlying)?.base ?? null) : null,
      leverage: r.leverage === null ? null : normalize(r.leverage),
      components: componentsOf(r).map((c) => ({
        symbol: c.symbol,
        base: market.instrument(c.symbol)?.base ?? c.symbol,
        weight: normalize(c.weight),
        units: c.units === null ? '0' : normalize(c.units),
        price: pricing.price(c.symbol),
      })),
      status: r.status,
      nav,
      change24h: change,
      subscribeFee: normalize(r.subscribe_fee),
      redeemFee: normalize(r.redeem_fee),
      minAmount: normalize(r.min_amount),
      rebalancePrice: r.p_reb === null ? null : normalize(r.p_reb),
      rebalanceNav: r.nav_reb === null ? null : normalize(r.nav_reb),
      rebalancedAt: r.rebalanced_at ? new Date(r.rebalanced_at).getTime() : null,
      nextRebalanceAt: nextRebalanceAt(now),
      supply,
    }
  }

  /** Units outstanding: the desk issues them, so its (negative) unit balance is minus the supply. */
  async supply(code: string): Promise<string> {
    const units = await repo.deskUnits(this.etf.db, code)
    return units === null ? '0' : normalize(neg(units))
  }

  async holdings(userId: string): Promise<EtfHolding[]> {
    const rows = await repo.holdings(this.etf.db, ACCOUNT, userId)
    const products = new Map((await repo.products(this.etf.db)).map((p) => [p.code, p]))
    return rows.map((b) => {
      const p = products.get(b.asset)
      const nav = p ? this.etf.pricing.navOf(p) : null
      const units = normalize(b.available)
      return { product: b.asset, units, nav, value: nav === null ? null : round(mul(units, nav), 2, 'down') }
    })
  }

  async orders(
    userId: string,
    q: { product?: string; before?: string; limit: number },
  ): Promise<Page<EtfOrder>> {
    const rows = await repo.ordersOf(this.etf.db, userId, q)
    return {
      list: rows.map((o) => ({
        id: String(o.id),
        product: o.product,
        side: o.side,
        amount: normalize(o.amount),
        units: normalize(o.units),
        nav: normalize(o.nav),
        fee: normalize(o.fee),
        ts: new Date(o.created_at).getTime(),
      })),
      hasMore: rows.length === q.limit,
    }
  }

  /** Recorded NAV points (one a minute), thinned to about 300 points for the range, plus NAV now. */
  async history(code: string, range: EtfRange, now = Date.now()): Promise<EtfNavPoint[]> {
    const r = await repo.productOf(this.etf.db, code)
    const span = { '1d': 1, '7d': 7, '30d': 30 }[range] * DAY
    const step = { '1d': 5, '7d': 30, '30d': 120 }[range] * MINUTE
    const rows = await repo.navPoints(this.etf.db, code, now - span, step)
    const out = rows.map((p) => ({ ts: Number(p.ts), nav: normalize(p.nav) }))
    const nav = this.etf.pricing.navOf(r)
    if (nav !== null && r.status !== 'closed') out.push({ ts: now, nav })
    return out
  }
}
