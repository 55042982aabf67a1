import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { memo, useDeferredValue, useMemo, useState } from 'react'
import { useCompactFormat } from '@/lib/format/use-compact-format'
import { instrumentsQueryOptions } from '@/lib/market/api'
import { pairLabel } from '@/lib/market/pair-label'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { useOnScreen } from '@/lib/use-on-screen'
import { CoinIcon } from '@/ui/CoinIcon'
import { DemoMark } from '@/ui/DemoMark'
import { PageHeader } from '@/ui/PageHeader'
import { TabRow } from '@/ui/TabRow'
import { ConnectionStatus } from '@/ui/trade/ConnectionStatus'
import { figureClass, useListFigures } from '@/ui/trade/Price'
import { useFavorites } from './favorites'
import styles from './MarketListPage.module.css'
import { marketRows, nextSort, type Row, type SortDir, type SortKey, TABS, type Tab } from './market-list'

export function MarketListPage({ tab }: { tab: Tab }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const instruments = useQuery(instrumentsQueryOptions())
  const [order, setOrder] = useState<{ sort: SortKey; dir: SortDir }>({ sort: 'default', dir: 'desc' })
  // The rows read their own figures; the list itself follows the tickers only to sort by them.
  const tickers = useLiveTickers({ watch: order.sort !== 'default' })
  const favorites = useFavorites()
  const [query, setQuery] = useState('')

  const labels: Record<Tab, string> = {
    favorites: t`Favourites`,
    spot: t`Spot`,
    perpetual: t`Perpetual`,
    metals: t`Metals`,
    stocks: t`Stocks`,
    forex: t`Forex`,
  }
  const rows = useMemo(
    () => marketRows(instruments.data ?? [], tickers, { tab, query, favorites: favorites.list, ...order }),
    [instruments.data, tickers, tab, query, favorites.list, order],
  )
  // The rows render from a deferred copy: filling 45 rows is a render React can split into short
  // tasks, instead of one long one when the markets first arrive or the tab changes. None before the
  // markets have arrived (no "no markets" message while loading).
  const shown = useDeferredValue(instruments.data ? rows : undefined)
  const sortButton = (key: SortKey, label: string) => (
    <button
      type="button"
      className={styles.sortButton}
      aria-pressed={order.sort === key}
      data-dir={order.sort === key ? order.dir : undefined}
      onClick={() => setOrder(nextSort(order, key))}
    >
      {label}
      <span aria-hidden="true" className={styles.sortMark} />
    </button>
  )

  return (
    <>
      <PageHeader
        title={
          <>
            {t`Markets`}
            <DemoMark />
          </>
        }
      />
      <ConnectionStatus />
      <div className={styles.search}>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t`Search markets`}
          aria-label={t`Search markets`}
          autoComplete="off"
        />
      </div>
      <TabRow
        label={t`Market categories`}
        className={styles.tabs}
        tabClass={styles.tab}
        value={tab}
        options={TABS.map((key) => [key, labels[key]] as const)}
        onChange={(key) => void navigate({ to: '/pages/market/market', search: { tab: key }, replace: true })}
      />
      <div className={styles.head}>
        <span className={styles.colName}>{sortButton('volume', t`Name / Vol`)}</span>
        <span className={styles.colPrice}>{sortButton('price', t`Last price`)}</span>
        <span className={styles.colChange}>{sortButton('change', t`24h change`)}</span>
      </div>
      {shown && <MarketRows rows={shown} tab={tab} label={labels[tab]} searching={query !== ''} />}
    </>
  )
}

const MarketRows = memo(function MarketRows({
  rows,
  tab,
  label,
  searching,
}: {
  rows: Row[]
  tab: Tab
  label: string
  searching: boolean
}) {
  const { t } = useLingui()
  if (rows.length === 0)
    return (
      <p className={styles.empty}>
        {tab === 'favorites' && !searching
          ? t`No favourites yet. Tap the star on a market to add it.`
          : t`No matching markets`}
      </p>
    )
  return (
    <ul className={styles.list} aria-label={label}>
      {rows.map(({ instrument }) => (
        <MarketRow key={instrument.symbol} instrument={instrument} />
      ))}
    </ul>
  )
})

/** One market: rendered once; its figures are painted from its own ticker while it is on screen. */
const MarketRow = memo(function MarketRow({ instrument: i }: { instrument: Instrument }) {
  const { t } = useLingui()
  const [ref, onScreen] = useOnScreen<HTMLLIElement>()
  // A day's turnover runs to 13 digits: in full it did not fit a phone's row in long languages.
  const f = useListFigures(i, onScreen, useCompactFormat())
  return (
    <li ref={ref}>
      <Link
        to="/pages/market/quote"
        search={{ symbol: i.symbol }}
        className={styles.row}
        data-symbol={i.symbol}
      >
        <CoinIcon code={i.base} color={i.logoColor} size={28} />
        <span className={styles.colName}>
          <span className={styles.pair}>
            {pairLabel(i)}
            {i.category === 'perpetual' && <span className={styles.tag}>{t`Perp`}</span>}
            {i.status === 'suspended' && <span className={styles.tag}>{t`Suspended`}</span>}
          </span>
          <span ref={f.volume} className={styles.sub} />
        </span>
        <span className={styles.colPrice}>
          <span ref={f.price} className={figureClass.price} />
        </span>
        <span className={styles.colChange}>
          <span ref={f.change} className={figureClass.changePill} />
        </span>
      </Link>
    </li>
  )
})
