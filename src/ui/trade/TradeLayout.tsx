import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { memo, type ReactNode, useState } from 'react'
import { useTicker } from '@/lib/market/use-live-tickers'
import { DemoMark } from '../DemoMark'
import { ConnectionStatus } from './ConnectionStatus'
import { Change } from './Price'
import { SymbolPicker } from './SymbolPicker'
import trade from './Trade.module.css'
import styles from './TradeLayout.module.css'

export type TradeMode = 'spot' | 'perp' | 'option'

/**
 * The frame of the three trade screens (spot, perpetual, options):
 * - the product tabs, each opening its product on the pair in `symbols`;
 * - the header: the pair (a button opening the picker over `markets`), its 24 h change, and the
 *   screen's own links in `actions`;
 * - the live-feed status line (`connection`, shown while the socket is not open);
 * - the body: `above`, then the ticket beside the book when the screen has them, then `children`,
 *   in one box (`bodyClassName`: spot lays it out as a grid on wide screens).
 *
 * The static shell (index.html, scripts/vite-app-shell.ts) paints the tabs and the header's pair
 * before the app starts: a change to them is a change to the shell too.
 */
export function TradeLayout({
  mode,
  symbol,
  symbols,
  pair,
  pairTestId,
  markets,
  onPick,
  actions,
  connection = true,
  above,
  ticket,
  book,
  mainClassName,
  bodyClassName,
  children,
}: {
  mode: TradeMode
  /** The pair on screen (its ticker gives the header's change). */
  symbol: string
  /** The pair each product tab opens. */
  symbols: Record<TradeMode, string>
  /** The pair's name in the header. */
  pair: string
  pairTestId?: string
  markets: Instrument[]
  onPick: (i: Instrument) => void
  actions?: ReactNode
  connection?: boolean
  above?: ReactNode
  ticket?: ReactNode
  book?: ReactNode
  mainClassName?: string
  bodyClassName?: string
  children?: ReactNode
}) {
  const { t } = useLingui()
  const [picking, setPicking] = useState(false)
  const tab = (m: TradeMode, label: string, testId: string) =>
    m === mode ? (
      <span aria-current="page">{label}</span>
    ) : (
      <Link to={PATHS[m]} search={{ symbol: symbols[m] }} data-testid={testId}>
        {label}
      </Link>
    )
  return (
    <>
      <nav className={styles.modes} aria-label={t`Trade`}>
        {tab('spot', t`Spot`, 'to-spot')}
        {tab('perp', t`Perpetual`, 'to-perpetual')}
        {tab('option', t`Options`, 'to-options')}
      </nav>
      <header className={styles.top} data-mode={mode}>
        <button
          type="button"
          className={styles.pair}
          onClick={() => setPicking(true)}
          aria-haspopup="dialog"
          data-testid={pairTestId}
        >
          <span className={styles.pairName}>{pair}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{t`Choose a market`}</span>
        </button>
        <DayChange symbol={symbol} />
        <DemoMark />
        {actions}
      </header>
      {connection && <ConnectionStatus />}
      {picking && (
        <SymbolPicker
          instruments={markets}
          current={symbol}
          onClose={() => setPicking(false)}
          onPick={(i) => {
            setPicking(false)
            onPick(i)
          }}
        />
      )}
      <div className={bodyClassName}>
        {above}
        {ticket && (
          <div className={mainClassName ? `${trade.main} ${mainClassName}` : trade.main}>
            {ticket}
            {book}
          </div>
        )}
        {children}
      </div>
    </>
  )
}

const PATHS = {
  spot: '/pages/trade/trade-spot',
  perp: '/pages/trade/trade-leverage',
  option: '/pages/trade/trade-option',
} as const

/** The header's 24 h change: a tick renders this alone, not the screen. */
const DayChange = memo(function DayChange({ symbol }: { symbol: string }) {
  return <Change value={useTicker(symbol)?.change} solid />
})

/** The header's link to the pair's chart (the quote page). */
export function ChartLink({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  return (
    <Link to="/pages/market/quote" search={{ symbol }} className={styles.chartLink} aria-label={t`Chart`}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M4 19V5M4 19h16M8 15l4-4 3 3 5-6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
    </Link>
  )
}
