import type { ContractInstrument, ContractSide } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { Sheet } from '@/ui/Sheet'
import { Stat } from '@/ui/Stat'
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
            <Stat label={t`Initial margin`}>{usdt(result.margin)}</Stat>
            <Stat label={t`PnL`}>{usdt(result.pnl)}</Stat>
            <Stat label={t`ROE`}>{amount(result.roe, { dp: 2 })}%</Stat>
          </>
        )}
        {result?.kind === 'target' && (
          <Stat label={t`Target price`}>{amount(result.price, { dp: inst.pricePrecision })} USDT</Stat>
        )}
        {result?.kind === 'liquidation' && (
          <Stat label={t`Liquidation price`}>
            {result.price ? `${amount(result.price, { dp: inst.pricePrecision })} USDT` : '--'}
          </Stat>
        )}
        {result?.kind === 'margin' && <Stat label={t`Required margin`}>{usdt(result.margin)}</Stat>}
        {!result && <Stat label={t({ message: 'Result', context: 'calculation' })}>--</Stat>}
      </dl>
      <p className={styles.hint}>
        {tab === 'liquidation'
          ? t`Cross margin with no other position; fees are not included.`
          : t`Fees and funding are not included.`}
      </p>
    </Sheet>
  )
}
