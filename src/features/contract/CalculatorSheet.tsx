import type { ContractInstrument, ContractSide } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { Sheet } from '@/ui/Sheet'
import { TabRow } from '@/ui/TabRow'
import styles from './Contract.module.css'
import { type CalcInput, type CalcTab, calculate } from './calculator-form'

/** PnL / ROE, target price, liquidation price and required margin of one perpetual. */
export function CalculatorSheet({ inst, onClose }: { inst: ContractInstrument; onClose: () => void }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const [tab, setTab] = useState<CalcTab>('pnl')
  const [form, setForm] = useState<CalcInput>({
    side: 'long',
    leverage: Math.min(10, inst.maxLeverage),
    lots: '',
    entry: '',
    exit: '',
    roe: '',
    balance: '',
  })
  const id = useId()
  const set = (k: keyof CalcInput, v: string | number) => setForm((f) => ({ ...f, [k]: v }))
  const result = calculate(tab, inst, form)
  const tabs: [CalcTab, string][] = [
    ['pnl', t`PnL`],
    ['target', t`Target price`],
    ['liquidation', t`Liq. price`],
    ['margin', t`Margin`],
  ]
  const field = (k: 'lots' | 'entry' | 'exit' | 'roe' | 'balance', label: string, mode = 'decimal') => (
    <div className={styles.field}>
      <label htmlFor={`${id}${k}`}>{label}</label>
      <input
        id={`${id}${k}`}
        data-testid={`calc-${k}`}
        inputMode={mode as 'decimal'}
        autoComplete="off"
        value={form[k]}
        onChange={(e) => set(k, e.target.value.trim())}
      />
    </div>
  )
  const usdt = (x: string) => `${amount(x, { dp: 2 })} USDT`
  return (
    <Sheet title={t`Calculator`} onClose={onClose} closeLabel={t`Close`} testId="calculator">
      <TabRow label={t`Calculator`} className={styles.tabs} value={tab} options={tabs} onChange={setTab} />
      <fieldset className={styles.segment} aria-label={t`Direction`}>
        {(['long', 'short'] as ContractSide[]).map((s) => (
          <button key={s} type="button" aria-pressed={form.side === s} onClick={() => set('side', s)}>
            {s === 'long' ? t`Long` : t`Short`}
          </button>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}lev`}>{t`Leverage: ${form.leverage}x`}</label>
        <input
          id={`${id}lev`}
          type="range"
          min={1}
          max={inst.maxLeverage}
          value={form.leverage}
          className={styles.range}
          onChange={(e) => set('leverage', Number(e.target.value))}
        />
      </div>
      {tab !== 'target' && field('lots', t`Lots (1 lot = ${amount(inst.lotSize)} ${inst.base})`, 'numeric')}
      {field('entry', t`Entry price (USDT)`)}
      {tab === 'pnl' && field('exit', t`Exit price (USDT)`)}
      {tab === 'target' && field('roe', t`Target ROE (%)`)}
      {tab === 'liquidation' && field('balance', t`Wallet balance (USDT)`)}
      <dl className={styles.lines} aria-live="polite" data-testid="calc-result">
        {result?.kind === 'pnl' && (
          <>
            <div>
              <dt>{t`Initial margin`}</dt>
              <dd>{usdt(result.margin)}</dd>
            </div>
            <div>
              <dt>{t`PnL`}</dt>
              <dd>{usdt(result.pnl)}</dd>
            </div>
            <div>
              <dt>{t`ROE`}</dt>
              <dd>{amount(result.roe, { dp: 2 })}%</dd>
            </div>
          </>
        )}
        {result?.kind === 'target' && (
          <div>
            <dt>{t`Target price`}</dt>
            <dd>{amount(result.price, { dp: inst.pricePrecision })} USDT</dd>
          </div>
        )}
        {result?.kind === 'liquidation' && (
          <div>
            <dt>{t`Liquidation price`}</dt>
            <dd>{result.price ? `${amount(result.price, { dp: inst.pricePrecision })} USDT` : '--'}</dd>
          </div>
        )}
        {result?.kind === 'margin' && (
          <div>
            <dt>{t`Required margin`}</dt>
            <dd>{usdt(result.margin)}</dd>
          </div>
        )}
        {!result && (
          <div>
            <dt>{t({ message: 'Result', context: 'calculation' })}</dt>
            <dd>--</dd>
          </div>
        )}
      </dl>
      <p className={styles.hint}>
        {tab === 'liquidation'
          ? t`Cross margin with no other position; fees are not included.`
          : t`Fees and funding are not included.`}
      </p>
    </Sheet>
  )
}
