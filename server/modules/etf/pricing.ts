import {
  type BasketComponent,
  basketNav,
  basketUnits,
  type LeveragedState,
  leveragedNav,
} from '@common/etf/nav'
import { gt, normalize } from '@common/money/decimal'
import type { MarketData } from '../../market/service'
import type { ProductRow } from './repo'

type Component = { symbol: string; weight: string; units: string | null }

export const componentsOf = (r: ProductRow): Component[] =>
  Array.isArray(r.components) ? (r.components as Component[]) : []
/** Launched: the product has its NAV reference (set once every price it needs arrived). */
export const launched = (r: ProductRow) => r.nav_reb !== null
export const levState = (r: ProductRow): LeveragedState => ({
  navReb: r.nav_reb as string,
  pReb: r.p_reb as string,
  leverage: r.leverage as string,
})

/** NAV from the index prices (common/etf/nav.ts): nothing here sets a NAV by hand. */
export class EtfPricing {
  constructor(readonly market: MarketData) {}

  /** The index price of an instrument now, or null before the first tick. */
  price(symbol: string): string | null {
    const last = this.market.ticker(symbol)?.last
    return last && gt(last, '0') ? last : null
  }

  /** Every symbol's price, or null while one is missing. */
  prices(symbols: string[]): Record<string, string> | null {
    const out: Record<string, string> = {}
    for (const s of symbols) {
      const p = this.price(s)
      if (!p) return null
      out[s] = p
    }
    return out
  }

  /** A product's NAV now; null until launched or while a price is missing. */
  navOf(r: ProductRow): string | null {
    if (r.status === 'closed') return r.close_nav === null ? null : normalize(r.close_nav)
    if (!launched(r)) return null
    if (r.kind === 'leveraged') {
      const p = r.underlying ? this.price(r.underlying) : null
      return p ? leveragedNav(levState(r), p) : null
    }
    const prices = this.prices(componentsOf(r).map((c) => c.symbol))
    return prices ? basketNav(componentsOf(r) as BasketComponent[], prices) : null
  }

  /** The new reference (NAV unchanged = `nav`) at the current prices, or null when a price is missing. */
  referenceAt(r: ProductRow, nav: string): { nav_reb: string; p_reb?: string; components?: string } | null {
    if (r.kind === 'leveraged') {
      const p = r.underlying ? this.price(r.underlying) : null
      return p ? { nav_reb: nav, p_reb: p } : null
    }
    const comps = componentsOf(r)
    const prices = this.prices(comps.map((c) => c.symbol))
    if (!prices) return null
    return { nav_reb: nav, components: JSON.stringify(basketUnits(comps, nav, prices)) }
  }
}
