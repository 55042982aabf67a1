import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useCallback, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { instrumentsQueryOptions as marketInstruments } from '@/lib/market/api'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { tokenAtom } from '@/lib/store'
import { IndexNotice } from '@/ui/trade/IndexNotice'
import { ChartLink, TradeLayout } from '@/ui/trade/TradeLayout'
import {
  accountQueryOptions,
  contractKeys,
  instrumentsQueryOptions,
  openOrdersQueryOptions,
  pagedQueryOptions,
  positionsQueryOptions,
} from './api'
import { BookPanel } from './BookPanel'
import styles from './Contract.module.css'
import { FundingBar } from './FundingBar'
import { useLiquidationNotice } from './liquidation-notice'
import { useContractUpdates } from './live'
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
  useContractUpdates(useLiquidationNotice())
  const account = useQuery({ ...accountQueryOptions(), enabled: loggedIn })
  const positions = useQuery({ ...positionsQueryOptions(), enabled: loggedIn })
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: loggedIn })
  const history = useInfiniteQuery({ ...pagedQueryOptions('orders', symbol), enabled: loggedIn })
  const [menu, setMenu] = useState(false)
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null)
  const [section, setSection] = useState<'positions' | 'open' | 'history'>('positions')
  const pickPrice = useCallback((price: string) => setPicked({ price, at: Date.now() }), [])

  const perps = (markets.data ?? []).filter((i) => i.category === 'perpetual')
  const inst = instruments.data?.find((i) => i.symbol === symbol)
  const ticker = tickers?.[symbol]
  const underlying = symbol.replace(/_PERP$/, '')
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
      <TradeLayout
        mode="perp"
        symbol={symbol}
        symbols={{ spot: underlying, perp: symbol, option: underlying }}
        pair={perp(symbol)}
        pairTestId="symbol-picker"
        markets={perps}
        onPick={(s) =>
          void navigate({ to: '/pages/trade/trade-leverage', search: { symbol: s.symbol }, replace: true })
        }
        actions={
          <>
            <ChartLink symbol={symbol} />
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
          </>
        }
        above={
          <>
            <IndexNotice symbol={symbol} kind="perpetual" />
            <FundingBar symbol={symbol} mark={ticker?.index} pricePrecision={inst?.pricePrecision} />
            {menu && <TradeMenu symbol={symbol} inst={inst} onClose={() => setMenu(false)} />}
          </>
        }
        ticket={
          <OrderTicket
            inst={inst}
            last={ticker?.last ?? ticker?.index}
            available={account.data?.available}
            loggedIn={loggedIn}
            pickedPrice={picked}
            held={held}
            riskRate={account.data?.riskRate}
          />
        }
        book={<BookPanel symbol={symbol} inst={inst} last={ticker?.last ?? undefined} onPick={pickPrice} />}
      >
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
      </TradeLayout>
    </>
  )
}
