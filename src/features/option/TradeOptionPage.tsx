import { isZero, sub } from '@common/money/decimal'
import { bandOf, feeOf, type OptionType, winningAt } from '@common/option/rules'
import type { OptionOrder, OptionRound } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useRef, useState } from 'react'
import { balancesChanged } from '@/app/balance-events'
import { balancesQueryOptions } from '@/features/assets/api'
import { instrumentsQueryOptions as marketInstruments } from '@/lib/market/api'
import { Change } from '@/ui/trade/Price'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { SymbolPicker } from '@/ui/trade/SymbolPicker'
import { useTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import { tokenAtom } from '@/lib/store'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import { Sheet } from '@/ui/Sheet'
import {
  DEFAULT_SYMBOL,
  isNotOffered,
  type OrdersPage,
  openOrdersQueryOptions,
  optionKeys,
  placeOption,
  roundsQueryOptions,
  ticksQueryOptions,
} from './api'
import { useOptionFormat, useOptionLabels } from './labels'
import styles from './Option.module.css'
import { amountChips, countdown, linePoints, optionNet, winNet } from './view'

/** Re-renders every half second with the current time (ms). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(t)
  }, [])
  return now
}

/** pages/trade/trade-option: up / flat / down options on the index, settled from recorded ticks. */
export function TradeOptionPage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const of = useOptionFormat()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const loggedIn = Boolean(useAtomValue(tokenAtom))
  const labels = useOptionLabels()
  const now = useNow()
  const tickers = useLiveTickers()
  const markets = useQuery(marketInstruments())
  const rounds = useQuery(roundsQueryOptions(symbol))
  const open = useQuery({ ...openOrdersQueryOptions(), enabled: loggedIn })
  const balances = useQuery({ ...balancesQueryOptions('option'), enabled: loggedIn })
  const [period, setPeriod] = useState<number | null>(null)
  const [amount, setAmount] = useState('')
  const [picking, setPicking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<OptionOrder | null>(null)
  useSettledWatch(open.data, setResult)
  // Reached from spot or perpetuals on a market without options: show the first one offered.
  useEffect(() => {
    if (isNotOffered(rounds.error) && symbol !== DEFAULT_SYMBOL)
      void navigate({ to: '/pages/trade/trade-option', search: { symbol: DEFAULT_SYMBOL }, replace: true })
  }, [rounds.error, symbol, navigate])

  const ticker = tickers?.[symbol]
  const live = ticker?.last ?? rounds.data?.index ?? null
  const pp = rounds.data?.pricePrecision ?? 2
  const list = rounds.data?.rounds ?? []
  const current = list.find((r) => r.period === period) ?? list[0]
  const available = balances.data?.list.find((b) => b.coin === 'USDT')?.available ?? '0'
  const optionSymbols = rounds.data?.symbols ?? []
  const pairs = (markets.data ?? []).filter((i) => optionSymbols.includes(i.symbol))
  const mine = (open.data?.list ?? []).filter((o) => o.symbol === symbol)

  const buy = async (type: OptionType) => {
    if (!loggedIn) {
      void navigate({ to: '/pages/login/index' })
      return
    }
    if (!current || !amount) {
      showToast(t`Enter an amount`, { error: true })
      return
    }
    setBusy(true)
    try {
      await placeOption({ symbol, period: current.period, type, amount })
      showToast(t`Option bought`)
      setAmount('')
      await Promise.all([
        qc.invalidateQueries({ queryKey: optionKeys.root }),
        balancesChanged(qc, 'option', { now: true }),
      ])
    } catch {
      // The client toasts the server's message.
    } finally {
      setBusy(false)
    }
  }

  const valid = /^\d+(\.\d{1,2})?$/.test(amount) && !isZero(amount)
  const fee = current && valid ? feeOf(amount, current.feeRate) : null

  return (
    <>
      <nav className={styles.modes} aria-label={t`Trade`}>
        <Link to="/pages/trade/trade-spot" search={{ symbol }} data-testid="to-spot">
          {t`Spot`}
        </Link>
        <Link
          to="/pages/trade/trade-leverage"
          search={{ symbol: `${symbol}_PERP` }}
          data-testid="to-perpetual"
        >
          {t`Perpetual`}
        </Link>
        <span aria-current="page">{t`Options`}</span>
      </nav>
      <header className={styles.top}>
        <button
          type="button"
          className={styles.pair}
          onClick={() => setPicking(true)}
          aria-haspopup="dialog"
          data-testid="option-symbol"
        >
          <span className={styles.pairName}>{of.pair(symbol)}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{t`Choose a market`}</span>
        </button>
        <Change value={ticker?.change} solid />
        <Link to="/pages/assets/option-record" className={styles.recordsLink} data-testid="option-records">
          {t`Records`}
        </Link>
      </header>

      <section className={styles.priceRow} aria-label={t`Index price`}>
        <span className={styles.bigPrice} data-testid="option-index">
          {live ? of.price(symbol, live, pp) : '--'}
        </span>
        <span className={styles.muted}>{t`Index price`}</span>
      </section>
      <IndexChart symbol={symbol} live={live} now={now} opens={mine} pp={pp} />

      <div className={styles.periods} role="tablist" aria-label={t`Period`}>
        {/* Until the rounds arrive, blank tabs hold their place: nothing below moves when they do. */}
        {!rounds.data && <Placeholders count={3} />}
        {list.map((r) => (
          <button
            key={r.id}
            type="button"
            role="tab"
            aria-selected={r.id === current?.id}
            onClick={() => setPeriod(r.period)}
            data-testid={`period-${r.period}`}
          >
            <strong>{labels.period(r.period)}</strong>
            <span className={styles.up}>{of.rate(r.upRate)}</span>
          </button>
        ))}
      </div>

      {current ? <RoundClock round={current} now={now} /> : <ClockPlaceholder />}

      <section className={styles.ticket} aria-label={t`Buy an option`}>
        <div className={styles.amountHead}>
          <label htmlFor="option-amount">{t`Amount (USDT)`}</label>
          {loggedIn && (
            <span className={styles.muted}>
              {t`Available`} {of.usdt(available)}{' '}
              <Link to="/pages/assets/transfer" className={styles.link}>{t`Transfer`}</Link>
            </span>
          )}
        </div>
        <DecimalInput
          id="option-amount"
          className={styles.amount}
          placeholder={current ? t`Minimum ${fmt(current.minAmount)}` : ''}
          value={amount}
          onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
          data-testid="option-amount"
        />
        <div className={styles.chips}>
          {!current && <Placeholders count={4} />}
          {current &&
            amountChips(current.minAmount).map((c) => (
              <button key={c} type="button" onClick={() => setAmount(c)} aria-pressed={amount === c}>
                {fmt(c)}
              </button>
            ))}
        </div>
        {/* Drawn before the rounds arrive too (with dashes), so the buttons below keep their place. */}
        <dl className={styles.expect}>
          {(['up', 'flat', 'down'] as const).map((type) => {
            // What a win adds to the account, the fee paid; coloured by its sign, not the side.
            const net =
              current && valid ? of.signed(winNet(amount, rateOf(current, type), current.feeRate)) : null
            return (
              <div key={type}>
                <dt>{t`If ${labels.type(type)} wins`}</dt>
                <dd data-trend={net?.trend} data-testid={`win-${type}`}>
                  {net ? net.text : '--'}
                </dd>
              </div>
            )
          })}
          <div>
            <dt>{t`Fee`}</dt>
            <dd data-testid="option-fee">{fee ? fmt(fee, { dp: 2, mode: 'up' }) : '--'}</dd>
          </div>
        </dl>
        <div className={styles.buttons}>
          {(['up', 'flat', 'down'] as const).map((type) => (
            <button
              key={type}
              type="button"
              className={styles[type]}
              data-kind={type}
              disabled={busy || !current}
              onClick={() => void buy(type)}
              data-testid={`buy-${type}`}
            >
              <span>{labels.type(type)}</span>
              <small>{current ? of.rate(rateOf(current, type)) : ''}</small>
            </button>
          ))}
        </div>
        {/* Its line is kept while the round or the price is on its way. */}
        <p className={styles.note}>
          {current && live
            ? t`Flat band ±${of.price(symbol, bandOf(live, current.bandRate, pp), pp)} around the open price`
            : '\u00a0'}
        </p>
      </section>

      <section className={styles.mine} aria-label={t`My open options`}>
        <h2>{t`My open options`}</h2>
        {!loggedIn ? (
          <p className={styles.empty}>
            <Link to="/pages/login/index" className={styles.link}>{t`Log in`}</Link> {t`to trade options`}
          </p>
        ) : (open.data?.list.length ?? 0) === 0 ? (
          <p className={styles.empty}>{t`No open options`}</p>
        ) : (
          <ul className={styles.openList} data-testid="option-open">
            {open.data?.list.map((o) => (
              <OpenRow
                key={o.id}
                o={o}
                now={now}
                live={o.symbol === symbol ? live : (tickers?.[o.symbol]?.last ?? null)}
              />
            ))}
          </ul>
        )}
      </section>

      {picking && (
        <SymbolPicker
          instruments={pairs}
          current={symbol}
          onPick={(i) => {
            setPicking(false)
            void navigate({ to: '/pages/trade/trade-option', search: { symbol: i.symbol }, replace: true })
          }}
          onClose={() => setPicking(false)}
        />
      )}
      {result && <ResultSheet o={result} onClose={() => setResult(null)} />}
    </>
  )
}

const rateOf = (r: OptionRound, type: OptionType) =>
  type === 'up' ? r.upRate : type === 'down' ? r.downRate : r.flatRate

/** Blank, inert buttons of the real ones' size: the place of tabs or chips not yet known. */
function Placeholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed blanks, never reordered
    <button key={i} type="button" disabled tabIndex={-1} aria-hidden="true" className={styles.blank}>
      <strong>{'\u00a0'}</strong>
      <span>{'\u00a0'}</span>
    </button>
  ))
}

/** The round clock's place while the rounds load (same boxes, dashes). */
function ClockPlaceholder() {
  return (
    <div className={styles.clock} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i}>
          <span className={styles.muted}>{'\u00a0'}</span>
          <strong>--</strong>
        </div>
      ))}
    </div>
  )
}

function RoundClock({ round: r, now }: { round: OptionRound; now: number }) {
  const { t } = useLingui()
  const time = useTime()
  return (
    <div className={styles.clock} data-testid="option-clock">
      <div>
        <span className={styles.muted}>{t`Orders close in`}</span>
        <strong data-testid="option-cutoff">{countdown(r.cutoffAt - now)}</strong>
      </div>
      <div>
        <span className={styles.muted}>{t`Starts`}</span>
        <strong>{time(r.startAt)}</strong>
      </div>
      <div>
        <span className={styles.muted}>{t`Delivery in`}</span>
        <strong>{countdown(r.deliveryAt - now)}</strong>
      </div>
    </div>
  )
}

function IndexChart({
  symbol,
  live,
  now,
  opens,
  pp,
}: {
  symbol: string
  live: string | null
  now: number
  opens: OptionOrder[]
  /** The instrument's price precision, for the axis figures. */
  pp: number
}) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const ticks = useQuery(ticksQueryOptions(symbol))
  const [series, setSeries] = useState<{ t: number; p: number }[]>([])
  useEffect(() => {
    if (ticks.data) setSeries(ticks.data.map((x) => ({ t: x.t, p: Number(x.p) })))
  }, [ticks.data])
  useEffect(() => {
    if (!live) return
    setSeries((s) => {
      const ts = Math.floor(Date.now() / 1000) * 1000
      const last = s[s.length - 1]
      const next =
        last && last.t === ts
          ? [...s.slice(0, -1), { t: ts, p: Number(live) }]
          : [...s, { t: ts, p: Number(live) }]
      return next.filter((x) => x.t >= ts - 180_000)
    })
  }, [live])
  const W = 366
  const H = 150
  const from = now - 180_000
  const shown = series.filter((x) => x.t >= from)
  const line = linePoints(shown, W, H, from, now)
  const lastPoint = shown[shown.length - 1]
  const openLines = [...new Set(opens.map((o) => o.openPrice).filter((p): p is string => p !== null))]
  return (
    <figure className={styles.chart} aria-label={t`Index price, last 3 minutes`} data-testid="option-chart">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-hidden="true">
        <defs>
          <linearGradient id="option-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="var(--brand)" stopOpacity="0.28" />
            <stop offset="1" stopColor="var(--brand)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {line.points && (
          <>
            <polygon
              points={`${line.points} ${(((lastPoint?.t ?? now) - from) / (now - from)) * W},${H} ${(((shown[0]?.t ?? from) - from) / (now - from)) * W},${H}`}
              fill="url(#option-fill)"
            />
            <polyline
              points={line.points}
              fill="none"
              stroke="var(--brand)"
              strokeWidth="1.6"
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
        {openLines.map((p) => (
          <line
            key={p}
            x1="0"
            x2={W}
            y1={line.y(Number(p))}
            y2={line.y(Number(p))}
            stroke="var(--text-3)"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      {line.points && (
        <figcaption className={styles.axis}>
          <span>{fmt(String(line.max), { dp: pp, mode: 'half-up' })}</span>
          <span>{fmt(String(line.min), { dp: pp, mode: 'half-up' })}</span>
        </figcaption>
      )}
    </figure>
  )
}

function OpenRow({ o, now, live }: { o: OptionOrder; now: number; live: string | null }) {
  const { t } = useLingui()
  const of = useOptionFormat()
  const labels = useOptionLabels()
  // A win adds the profit less the fee paid at purchase (what the result will show).
  const expected = of.signed(sub(o.expectedProfit, o.fee))
  const started = now >= o.startAt
  const winning =
    started && o.openPrice && o.band !== null && live ? winningAt(o.type, o.openPrice, live, o.band) : null
  return (
    <li className={styles.openRow} data-testid="option-open-row">
      <div className={styles.openHead}>
        <span className={styles.typeTag} data-kind={o.type}>
          {labels.type(o.type)}
        </span>
        <strong>{of.pair(o.symbol)}</strong>
        <span className={styles.muted}>{labels.period(o.period)}</span>
        <span className={styles.state} data-state={winning === null ? 'wait' : winning ? 'win' : 'lose'}>
          {o.status === 'settling' || now >= o.deliveryAt
            ? t`Settling`
            : !started
              ? t`Starts in ${countdown(o.startAt - now)}`
              : winning
                ? t`Winning`
                : t`Losing`}
        </span>
      </div>
      <dl className={styles.openGrid}>
        <div>
          <dt>{t({ message: 'Amount', context: 'stake' })}</dt>
          <dd>{of.usdt(o.amount)}</dd>
        </div>
        <div>
          <dt>{t`Open price`}</dt>
          <dd data-testid="option-open-price">{of.price(o.symbol, o.openPrice)}</dd>
        </div>
        <div>
          <dt>{t`Delivery in`}</dt>
          <dd data-testid="option-open-countdown">{countdown(o.deliveryAt - now)}</dd>
        </div>
        <div>
          <dt>{t`Expected profit`}</dt>
          <dd data-trend={expected.trend}>{expected.text}</dd>
        </div>
      </dl>
    </li>
  )
}

/** Notices open orders that were settled since the last poll, and shows the newest one's result. */
function useSettledWatch(page: OrdersPage | undefined, show: (o: OptionOrder) => void) {
  const qc = useQueryClient()
  const seen = useRef<Set<string> | null>(null)
  const showRef = useRef(show)
  showRef.current = show
  const ids = useMemo(() => (page ? page.list.map((o) => o.id) : null), [page])
  useEffect(() => {
    if (!ids) return
    const before = seen.current
    seen.current = new Set(ids)
    if (!before) return
    const gone = [...before].filter((id) => !ids.includes(id))
    if (!gone.length) return
    void http
      .get<OrdersPage>('option/orders', { status: 'settled', limit: 20 }, { toast: false })
      .then((r) => {
        const hit = r.list.find((o) => gone.includes(o.id))
        if (hit) showRef.current(hit)
        void balancesChanged(qc, 'option')
        void qc.invalidateQueries({ queryKey: optionKeys.records() })
      })
      .catch(() => undefined)
  }, [ids, qc])
}

export function ResultSheet({ o, onClose }: { o: OptionOrder; onClose: () => void }) {
  const { t } = useLingui()
  const of = useOptionFormat()
  const labels = useOptionLabels()
  // The headline is what the account gained or lost: payout less the amount and the fee.
  const net = of.signed(optionNet(o) ?? '0')
  return (
    <Sheet title={t`Option result`} onClose={onClose} closeLabel={t`Close`} testId="option-result">
      <div className={styles.result} data-outcome={o.outcome}>
        <p className={styles.resultHead}>
          {o.outcome === 'win'
            ? t`You won`
            : o.outcome === 'lose'
              ? t`Not this time`
              : t`Round void: refunded`}
        </p>
        <p className={styles.resultAmount} data-trend={net.trend} data-testid="option-result-payout">
          {net.text} USDT
        </p>
        <dl className={styles.resultGrid}>
          <div>
            <dt>{t`Direction`}</dt>
            <dd>{labels.type(o.type)}</dd>
          </div>
          <div>
            <dt>{t({ message: 'Amount', context: 'stake' })}</dt>
            <dd>{of.usdt(o.amount)}</dd>
          </div>
          <div>
            <dt>{t`Fee`}</dt>
            <dd>{of.usdt(o.fee)}</dd>
          </div>
          <div>
            <dt>{t`Open price`}</dt>
            <dd>{of.price(o.symbol, o.openPrice)}</dd>
          </div>
          <div>
            <dt>{t({ message: 'Close price', context: 'round' })}</dt>
            <dd>{of.price(o.symbol, o.closePrice)}</dd>
          </div>
          <div>
            <dt>{t`Return rate`}</dt>
            <dd>{of.rate(o.rate)}</dd>
          </div>
          <div>
            <dt>{t`Settlement amount`}</dt>
            <dd>{o.payout !== null ? of.usdt(o.payout) : '--'}</dd>
          </div>
        </dl>
        <Link to="/pages/assets/option-record" className={styles.link} onClick={onClose}>
          {t`View records and round proof`}
        </Link>
      </div>
    </Sheet>
  )
}
