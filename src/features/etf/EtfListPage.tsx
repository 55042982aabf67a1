import type { EtfProduct } from '@common/etf/schema'
import { isNegative } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { PageHeader } from '@/ui/PageHeader'
import { TabRow } from '@/ui/TabRow'
import { productsQueryOptions } from './api'
import styles from './Etf.module.css'
import { useEtfText } from './labels'

type Filter = 'all' | 'leveraged' | 'basket'

/** pages/etfs/index: every open product with its NAV, 24 h change, description and risk notice. */
export function EtfListPage() {
  const { t } = useLingui()
  const q = useQuery(productsQueryOptions())
  const [filter, setFilter] = useState<Filter>('all')
  const list = (q.data ?? []).filter((p) => filter === 'all' || p.kind === filter)
  const tabs: [Filter, string][] = [
    ['all', t`All`],
    ['leveraged', t`Leveraged`],
    ['basket', t`Baskets`],
  ]
  return (
    <>
      <PageHeader title={t`ETF`} backLabel={t`Back`} />
      <div className={styles.page}>
        <section className={styles.intro}>
          <h2>{t`Index products`}</h2>
          <p>
            {t`Hold a basket or a 3x position as one unit. Subscribe with USDT from your finance account and redeem at the net asset value (NAV), computed from index prices.`}
          </p>
        </section>
        <TabRow
          className={styles.filters}
          tabClass={(on) => (on ? styles.filterOn : styles.filter)}
          value={filter}
          options={tabs}
          onChange={setFilter}
        />
        {q.isSuccess && list.length === 0 && <p className={styles.empty}>{t`No products`}</p>}
        <ul className={styles.cards} aria-label={t`ETF products`} data-testid="etf-list">
          {list.map((p) => (
            <li key={p.code}>
              <ProductCard p={p} />
            </li>
          ))}
        </ul>
        <p className={styles.risk} role="note">
          <strong>{t`Risk notice`}</strong>{' '}
          {t`ETF products are high-risk. Leveraged products lose value in choppy markets and can lose most of their value in a day; NAV can go down as well as up. Only invest what you can afford to lose.`}
        </p>
      </div>
    </>
  )
}

function ProductCard({ p }: { p: EtfProduct }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const text = useEtfText()
  const ch = p.change24h
  const down = ch !== null && isNegative(ch)
  return (
    <Link
      to="/pages/etfs/order"
      search={{ product: p.code }}
      className={styles.card}
      data-testid={`etf-${p.code}`}
    >
      <div className={styles.cardTop}>
        <div className={styles.cardName}>
          <strong>{p.code}</strong>
          <span className={p.kind === 'leveraged' ? styles.tagLev : styles.tag}>
            {p.kind === 'leveraged' && p.leverage ? `${p.leverage.replace('-', '')}x` : text.kind(p)}
          </span>
          {p.status === 'paused' && <span className={styles.tagPaused}>{t`Paused`}</span>}
        </div>
        <div className={styles.cardNav}>
          <span className={styles.navValue}>{p.nav === null ? '--' : amount(p.nav, { dp: 4 })}</span>
          <span className={ch === null ? styles.chFlat : down ? styles.chDown : styles.chUp}>
            {ch === null ? '--' : `${down ? '' : '+'}${amount(ch, { dp: 2 })}%`}
          </span>
        </div>
      </div>
      <div className={styles.cardTitle}>
        <span>{text.title(p)}</span>
        <span className={styles.muted}>{t`NAV (USDT)`}</span>
      </div>
      <p className={styles.cardDesc}>{text.description(p)}</p>
    </Link>
  )
}
