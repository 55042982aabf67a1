import type { EtfOrderSide, EtfProduct } from '@common/etf/schema'
import { abs, isNegative, mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'

/** Readable product titles, descriptions and order sides in the app language. */
export function useEtfText() {
  const { t } = useLingui()
  const title = (p: EtfProduct): string => {
    if (p.kind === 'leveraged' && p.leverage) {
      const n = abs(p.leverage)
      const base = p.base ?? p.underlying ?? ''
      return isNegative(p.leverage) ? t`${base} ${n}x Short` : t`${base} ${n}x Long`
    }
    if (p.code === 'TOP5') return t`Crypto Top 5`
    if (p.code === 'METALS') return t`Precious Metals`
    return p.name
  }
  const mix = (p: EtfProduct) => p.components.map((c) => `${c.base} ${mul(c.weight, '100')}%`).join(' · ')
  const description = (p: EtfProduct): string => {
    if (p.kind === 'leveraged' && p.leverage) {
      const n = abs(p.leverage)
      const base = p.base ?? ''
      return isNegative(p.leverage)
        ? t`Gains ${n}x when ${base} falls and loses ${n}x when it rises, measured from the last rebalance. Rebalanced daily at 00:00 (UTC+8) and after a 15% move.`
        : t`Gains ${n}x when ${base} rises and loses ${n}x when it falls, measured from the last rebalance. Rebalanced daily at 00:00 (UTC+8) and after a 15% move.`
    }
    const list = mix(p)
    return t`One unit holds a basket: ${list}. Reweighted daily at 00:00 (UTC+8).`
  }
  const risk = (p: EtfProduct): string =>
    p.kind === 'leveraged'
      ? t`Leveraged products lose value when the price swings up and down, even if it ends where it started, and a strong move against them can take most of their value in a day. They suit short-term views, not long holding.`
      : t`A basket moves with the prices of its components and can lose value. Past performance does not predict future results.`
  const side = (s: EtfOrderSide): string =>
    s === 'subscribe' ? t`Subscribe` : s === 'redeem' ? t`Redeem` : t`Closed by the platform`
  const kind = (p: EtfProduct): string => (p.kind === 'leveraged' ? t`Leveraged` : t`Basket`)
  return { title, description, risk, side, kind, mix }
}
