import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { instrumentsQueryOptions as marketInstruments } from '@/lib/market/api'
import { ConnectionStatus } from '@/ui/trade/ConnectionStatus'
import { Change } from '@/ui/trade/Price'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { OrderBook } from '@/ui/trade/OrderBook'
import { RecentTrades } from '@/ui/trade/RecentTrades'
import { SymbolPicker } from '@/ui/trade/SymbolPicker'
import { useFormat } from '@/lib/format/use-format'
import { tokenAtom } from '@/lib/store'
import {
  accountQueryOptions,
  contractKeys,
  instrumentsQueryOptions,
  openOrdersQueryOptions,
  pagedQueryOptions,
  positionsQueryOptions,
} from './api'
import styles from './Contract.module.css'
import { FundingBar } from './FundingBar'
import { useLiquidationNotice } from './liquidation-notice'
import { useContractUpdates, useLiveDepth, useLiveTrades } from './live'
import { OrdersSection } from './OrdersSection'
import { OrderTicket } from './OrderTicket'
import { usePerpName } from './PositionCard'
import { TradeMenu } from './TradeMenu'
import { usePullRefresh } from './use-pull-refresh'

/** pages/trade/trade-leverage: USDT perpetuals. Visitors see the market; trading needs a login. */
export function TradeLeveragePage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const { asset } = useFormat()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const loggedIn = Boolean(token)
  const perp = usePerpName()
  const markets = useQuery(marketInstruments())
  const instruments = useQuery(instrumentsQueryOptions())
  const tickers = useLiveTickers()
  const depth = useLiveDepth(symbol)
  const trades = useLiveTrades(symbol)
  useContractUpdates(useLiquidationNotice())
  const account = useQuery({ ...accountQueryOptions(), enabled: loggedIn })
  const positions = useQuery({ ...positionsQueryOptions(), enabled: loggedIn })
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: loggedIn })
  const history = useInfiniteQuery({ ...pagedQueryOptions('orders', symbol), enabled: loggedIn })
  const [picking, setPicking] = useState(false)
  const [menu, setMenu] = useState(false)
  const [bookTab, setBookTab] = useState<'book' | 'trades'>('book')
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null)
  const [section, setSection] = useState<'positions' | 'open' | 'history'>('positions')

  const perps = (markets.data ?? []).filter((i) => i.category === 'perpetual')
  const inst = instruments.data?.find((i) => i.symbol === symbol)
  const ticker = tickers?.[symbol]
  // Book amounts are base quantities: as many decimals as the quantity per lot has.
  const qtyDp = inst ? (inst.lotSize.split('.')[1]?.length ?? 0) : undefined
  const heldOf = (side: 'long' | 'short') =>
    Number(positions.data?.find((p) => p.symbol === symbol && p.side === side)?.lots ?? 0)
  const held = { long: heldOf('long'), short: heldOf('short') }
  const precision = (s: string) => instruments.data?.find((i) => i.symbol === s)?.pricePrecision

  const { pull, ready } = usePullRefresh(
    () => void qc.invalidateQueries({ queryKey: contractKeys.root }),
    () => {
      if (section === 'history' && history.hasNextPage && !history.isFetchingNextPage)
        void history.fetchNextPage()
    },
  )

  if (instruments.isSuccess && !inst) {
    return <p className={styles.empty}>{t`This market does not exist`}</p>
  }

  return (
    <>
      <div className={styles.pull} style={{ height: pull / 2 }} aria-live="polite">
        {pull > 0 ? (ready ? t`Release to refresh` : t`Pull to refresh`) : ''}
      </div>
      <nav className={styles.modes} aria-label={t`Trade`}>
        <Link to="/pages/trade/trade-spot" search={{ symbol: symbol.replace(/_PERP$/, '') }}>
          {t`Spot`}
        </Link>
        <span aria-current="page">{t`Perpetual`}</span>
        <Link
          to="/pages/trade/trade-option"
          search={{ symbol: symbol.replace(/_PERP$/, '') }}
          data-testid="to-options"
        >
          {t`Options`}
        </Link>
      </nav>
      <header className={styles.top}>
        <button
          type="button"
          className={styles.pair}
          onClick={() => setPicking(true)}
          aria-haspopup="dialog"
          data-testid="symbol-picker"
        >
          <span className={styles.pairName}>{perp(symbol)}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{t`Choose a market`}</span>
        </button>
        <Change value={ticker?.change} solid />
        <Link to="/pages/market/quote" search={{ symbol }} className={styles.chartLink} aria-label={t`Chart`}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 19V5M4 19h16M8 15l4-4 3 3 5-6" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </Link>
        <button
          type="button"
          className={styles.menuButton}
          onClick={() => setMenu(true)}
          aria-haspopup="dialog"
          data-testid="trade-menu"
          aria-label={t`More`}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </header>
      <ConnectionStatus />
      <FundingBar symbol={symbol} mark={ticker?.last} pricePrecision={inst?.pricePrecision} />
      {picking && (
        <SymbolPicker
          instruments={perps}
          current={symbol}
          onClose={() => setPicking(false)}
          onPick={(s: Instrument) => {
            setPicking(false)
            void navigate({ to: '/pages/trade/trade-leverage', search: { symbol: s.symbol }, replace: true })
          }}
        />
      )}
      {menu && <TradeMenu symbol={symbol} inst={inst} onClose={() => setMenu(false)} />}
      <div className={styles.main}>
        <OrderTicket
          inst={inst}
          last={ticker?.last}
          available={account.data?.available}
          loggedIn={loggedIn}
          pickedPrice={picked}
          held={held}
          riskRate={account.data?.riskRate}
        />
        <div className={styles.bookCol}>
          <div className={styles.miniTabs} role="tablist" aria-label={t`Order book and trades`}>
            <button
              type="button"
              role="tab"
              aria-selected={bookTab === 'book'}
              onClick={() => setBookTab('book')}
            >
              {t`Book`}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={bookTab === 'trades'}
              onClick={() => setBookTab('trades')}
            >
              {t`Trades`}
            </button>
          </div>
          {bookTab === 'book' ? (
            <OrderBook
              bids={depth?.bids ?? []}
              asks={depth?.asks ?? []}
              last={ticker?.last}
              rows={7}
              pricePrecision={inst?.pricePrecision}
              amountPrecision={qtyDp}
              onPick={(price) => setPicked({ price, at: Date.now() })}
            />
          ) : (
            <RecentTrades trades={(trades ?? []).slice(0, 15)} pricePrecision={inst?.pricePrecision} />
          )}
        </div>
      </div>
      {loggedIn && account.data && (
        <p className={styles.accountLine} data-testid="account-line">
          {t`Equity`} {asset(account.data.equity, 'USDT')} USDT
        </p>
      )}
      <OrdersSection
        loggedIn={loggedIn}
        symbol={symbol}
        section={section}
        setSection={setSection}
        positions={positions.data ?? []}
        open={open.data ?? []}
        history={history}
        tickers={tickers}
        precision={precision}
      />
    </>
  )
}
