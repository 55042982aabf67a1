import { redeemQuote, subscribeQuote, UNIT_DP } from '@common/etf/nav'
import type { EtfOrder, EtfProduct } from '@common/etf/schema'
import { gt, isDecimalString, isNegative, mul, normalize, toFixed } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useId, useState } from 'react'
import { balancesQueryOptions } from '@/lib/assets/balances'
import { balancesChanged } from '@/lib/balance-events'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { tokenAtom } from '@/lib/store'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import { Fields, PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { Stat } from '@/ui/Stat'
import { TabRow } from '@/ui/TabRow'
import { etfApi, etfKeys, holdingsQueryOptions, ordersQueryOptions, productQueryOptions } from './api'
import styles from './Etf.module.css'
import { useEtfText } from './labels'
import { NavChart } from './NavChart'

/** pages/etfs/order: one product's NAV and chart, subscribe / redeem, holdings and order history. */
export function EtfOrderPage({ code }: { code: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const text = useEtfText()
  const loggedIn = Boolean(useAtomValue(tokenAtom))
  const q = useQuery(productQueryOptions(code))
  const p = q.data
  const ch = p?.change24h ?? null
  const down = ch !== null && isNegative(ch)
  return (
    <>
      <PageHeader title={p ? `${p.code} · ${text.title(p)}` : code} backLabel={t`Back`} />
      <div className={styles.page}>
        {q.isError && <p className={styles.empty}>{t`This product does not exist`}</p>}
        {p && (
          <>
            <section className={styles.hero}>
              <div>
                <div className={styles.heroLabel}>{t`NAV (USDT)`}</div>
                <div className={down ? styles.heroNavDown : styles.heroNav} data-testid="etf-nav">
                  {p.nav === null ? '--' : amount(p.nav, { dp: 4 })}
                </div>
                <span className={ch === null ? styles.chFlat : down ? styles.chDown : styles.chUp}>
                  {t`24h`} {ch === null ? '--' : `${down ? '' : '+'}${amount(ch, { dp: 2 })}%`}
                </span>
              </div>
              <dl className={styles.heroFacts}>
                <Stat label={t`Type`}>
                  {p.kind === 'leveraged' && p.leverage ? text.title(p) : text.kind(p)}
                </Stat>
                <Stat label={t`Next rebalance`}>{when(p.nextRebalanceAt)}</Stat>
              </dl>
            </section>
            {p.status !== 'active' && (
              <p className={styles.pausedBanner} role="status">
                {p.status === 'paused'
                  ? t`This product is paused: subscriptions and redemptions are not accepted for now.`
                  : t`This product is closed.`}
              </p>
            )}
            <NavChart code={p.code} up={!down} />
            <TradePanel p={p} loggedIn={loggedIn} />
            {loggedIn && <Holding p={p} />}
            <ProductFacts p={p} />
            {loggedIn && <Orders code={p.code} />}
            <p className={styles.risk} role="note">
              <strong>{t`Risk notice`}</strong> {text.risk(p)}
            </p>
          </>
        )}
      </div>
    </>
  )
}

function TradePanel({ p, loggedIn }: { p: EtfProduct; loggedIn: boolean }) {
  const { t } = useLingui()
  const { amount, asset } = useFormat()
  const qc = useQueryClient()
  const [side, setSide] = useState<'subscribe' | 'redeem'>('subscribe')
  const [value, setValue] = useState('')
  const valueId = useId()
  const [busy, setBusy] = useState(false)
  const finance = useQuery({ ...balancesQueryOptions('finance'), enabled: loggedIn })
  const holdings = useQuery({ ...holdingsQueryOptions(), enabled: loggedIn })
  const usdt = finance.data?.list.find((b) => b.coin === 'USDT')?.available ?? '0'
  const units = holdings.data?.find((h) => h.product === p.code)?.units ?? '0'
  const valid = isDecimalString(value) && gt(value, '0')
  const nav = p.nav
  const subQ =
    side === 'subscribe' && valid && nav && gt(nav, '0') ? subscribeQuote(value, nav, p.subscribeFee) : null
  const redQ = side === 'redeem' && valid && nav ? redeemQuote(value, nav, p.redeemFee) : null
  const open = p.status === 'active' && nav !== null
  const max = side === 'subscribe' ? usdt : units
  const chip = (pct: string) =>
    setValue(normalize(toFixed(mul(max, pct), side === 'subscribe' ? 2 : UNIT_DP, 'down')))

  const submit = async () => {
    if (!valid) {
      showToast(side === 'subscribe' ? t`Enter an amount in USDT` : t`Enter a number of units`, {
        error: true,
      })
      return
    }
    setBusy(true)
    try {
      const o =
        side === 'subscribe' ? await etfApi.subscribe(p.code, value) : await etfApi.redeem(p.code, value)
      showToast(
        side === 'subscribe'
          ? t`Subscribed ${amount(o.units)} ${p.code}`
          : t`Redeemed for ${amount(o.amount, { dp: 2 })} USDT`,
      )
      setValue('')
      await Promise.all([
        qc.invalidateQueries({ queryKey: etfKeys.all }),
        balancesChanged(qc, 'etf', { now: true }),
      ])
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.trade} aria-label={t`Subscribe or redeem`}>
      <TabRow
        className={styles.sideTabs}
        tabClass={(on, s) => (!on ? styles.side : s === 'subscribe' ? styles.sideBuy : styles.sideSell)}
        value={side}
        options={[
          ['subscribe', t`Subscribe`],
          ['redeem', t`Redeem`],
        ]}
        onChange={(s) => {
          setSide(s)
          setValue('')
        }}
      />
      <label className={styles.field} htmlFor={valueId}>
        <span className={styles.fieldLabel}>{side === 'subscribe' ? t`Amount` : t`Units`}</span>
        <span className={styles.inputWrap}>
          <DecimalInput
            id={valueId}
            value={value}
            onChange={(v) => setValue(v.replace(',', '.').replace(/[^0-9.]/g, ''))}
            placeholder={side === 'subscribe' ? t`Minimum ${amount(p.minAmount)} USDT` : t`Units to redeem`}
            data-testid="etf-input"
          />
          <span className={styles.unit}>{side === 'subscribe' ? 'USDT' : p.code}</span>
        </span>
      </label>
      {loggedIn && (
        <div className={styles.chips}>
          {['0.25', '0.5', '0.75', '1'].map((pct) => (
            <button key={pct} type="button" className={styles.chipBtn} onClick={() => chip(pct)}>
              {pct === '1' ? t`Max` : `${Number(pct) * 100}%`}
            </button>
          ))}
        </div>
      )}
      <dl className={styles.quote}>
        {loggedIn && (
          <Stat label={t`Available`} data-testid="etf-available">
            {side === 'subscribe' ? `${asset(usdt, 'USDT')} USDT` : `${amount(units)} ${p.code}`}
          </Stat>
        )}
        <Stat label={t`Fee`}>
          {side === 'subscribe'
            ? subQ
              ? `${amount(subQ.fee)} USDT`
              : `${amount(mul(p.subscribeFee, '100'))}%`
            : redQ
              ? `${amount(redQ.fee)} USDT`
              : `${amount(mul(p.redeemFee, '100'))}%`}
        </Stat>
        <Stat
          label={side === 'subscribe' ? t`Estimated units` : t`Estimated to receive`}
          data-testid="etf-estimate"
        >
          {side === 'subscribe'
            ? subQ
              ? `${amount(subQ.units)} ${p.code}`
              : '--'
            : redQ
              ? `${amount(redQ.paid, { dp: 2 })} USDT`
              : '--'}
        </Stat>
      </dl>
      {loggedIn ? (
        <>
          <button
            type="button"
            className={side === 'subscribe' ? styles.buyBtn : styles.sellBtn}
            disabled={!open || busy}
            onClick={() => void submit()}
            data-testid="etf-submit"
          >
            {side === 'subscribe' ? t`Subscribe ${p.code}` : t`Redeem ${p.code}`}
          </button>
          <Link to="/pages/assets/transfer" search={{ coin: 'USDT' }} className={styles.transferLink}>
            {t`Transfer USDT to the finance account`}
          </Link>
        </>
      ) : (
        <Link to="/pages/login/index" className={styles.buyBtn}>
          {t`Log in to subscribe`}
        </Link>
      )}
    </section>
  )
}

function Holding({ p }: { p: EtfProduct }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const q = useQuery(holdingsQueryOptions())
  const h = q.data?.find((x) => x.product === p.code)
  return (
    <section className={styles.block} aria-label={t`My holding`} data-testid="etf-holding">
      <h2 className={styles.blockTitle}>{t`My holding`}</h2>
      <Fields
        cells={[
          [t`Units`, h ? amount(h.units) : '0'],
          [t`Value (USDT)`, h?.value ? amount(h.value, { dp: 2 }) : '0'],
          [t`NAV (USDT)`, p.nav ? amount(p.nav, { dp: 4 }) : '--'],
        ]}
      />
    </section>
  )
}

function ProductFacts({ p }: { p: EtfProduct }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const text = useEtfText()
  return (
    <section className={styles.block} aria-label={t`About this product`}>
      <h2 className={styles.blockTitle}>{t`About this product`}</h2>
      <p className={styles.cardDesc}>{text.description(p)}</p>
      {p.kind === 'basket' && (
        <table className={styles.components}>
          <thead>
            <tr>
              <th>{t`Component`}</th>
              <th>{t`Target weight`}</th>
              <th>{t`Index price`}</th>
            </tr>
          </thead>
          <tbody>
            {p.components.map((c) => (
              <tr key={c.symbol}>
                <td>{c.base}</td>
                <td>{amount(mul(c.weight, '100'))}%</td>
                <td>{c.price ? amount(c.price) : '--'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Fields
        cells={[
          ...(p.kind === 'leveraged'
            ? ([
                [t`Rebalance price`, p.rebalancePrice ? amount(p.rebalancePrice) : '--'],
                [t`Rebalance NAV`, p.rebalanceNav ? amount(p.rebalanceNav, { dp: 4 }) : '--'],
              ] as [string, string][])
            : []),
          [t`Last rebalance`, p.rebalancedAt ? when(p.rebalancedAt) : '--'],
          [t`Subscription fee`, `${amount(mul(p.subscribeFee, '100'))}%`],
          [t`Redemption fee`, `${amount(mul(p.redeemFee, '100'))}%`],
          [t`Minimum`, `${amount(p.minAmount)} USDT`],
          [t`Units outstanding`, amount(p.supply, { dp: 2 })],
        ]}
      />
    </section>
  )
}

function Orders({ code }: { code: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const text = useEtfText()
  const q = useInfiniteQuery(ordersQueryOptions(code))
  const rows = q.data?.pages.flatMap((pg) => pg.list) ?? []
  return (
    <section className={styles.block} aria-label={t`Order history`}>
      <h2 className={styles.blockTitle}>{t`Order history`}</h2>
      <PagedList<EtfOrder>
        {...paged(q)}
        items={rows}
        itemKey={(o) => o.id}
        label={t`Order history`}
        testId="etf-orders"
        render={(o) => (
          <>
            <div className={styles.recordTop}>
              <strong className={o.side === 'subscribe' ? styles.up : styles.down}>
                {text.side(o.side)}
              </strong>
              <time dateTime={new Date(o.ts).toISOString()}>{when(o.ts)}</time>
            </div>
            <Fields
              cells={[
                [o.side === 'subscribe' ? t`Paid (USDT)` : t`Received (USDT)`, amount(o.amount)],
                [t`Units`, amount(o.units)],
                [t`NAV`, amount(o.nav, { dp: 4 })],
                [t`Fee (USDT)`, amount(o.fee)],
              ]}
            />
          </>
        )}
      />
    </section>
  )
}
