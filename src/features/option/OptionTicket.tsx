import { isZero } from '@common/money/decimal'
import { bandOf, feeOf, type OptionType } from '@common/option/rules'
import type { OptionRound } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useFormat } from '@/lib/format/use-format'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import { Stat } from '@/ui/Stat'
import { optionKeys, placeOption } from './api'
import { useOptionFormat, useOptionLabels } from './labels'
import styles from './Option.module.css'
import { Placeholders } from './RoundClock'
import { amountChips, winNet } from './view'

const TYPES = ['up', 'flat', 'down'] as const

const rateOf = (r: OptionRound, type: OptionType) =>
  type === 'up' ? r.upRate : type === 'down' ? r.downRate : r.flatRate

/**
 * Buying an option on the round: the amount (typed or a chip), what a win of each direction adds
 * and the fee, the three buy buttons and the flat band. Drawn before the round arrives too, with
 * dashes and blanks, so nothing below moves when it does.
 */
export function OptionTicket({
  symbol,
  round: current,
  live,
  pp,
  loggedIn,
  available,
}: {
  symbol: string
  round: OptionRound | undefined
  live: string | null
  pp: number
  loggedIn: boolean
  available: string
}) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const of = useOptionFormat()
  const labels = useOptionLabels()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const [amount, setAmount] = useState('')
  const [busy, setBusy] = useState(false)

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
      <dl className={styles.expect}>
        {TYPES.map((type) => {
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
        <Stat label={t`Fee`} data-testid="option-fee">
          {fee ? fmt(fee, { dp: 2, mode: 'up' }) : '--'}
        </Stat>
      </dl>
      <div className={styles.buttons}>
        {TYPES.map((type) => (
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
  )
}
