import type { DepositRow } from '@common/assets/types'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ComponentProps, ReactNode } from 'react'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { CoinPicker } from '@/ui/CoinPicker'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { ControlField } from '@/ui/form/PresetFields'
import styles from './Assets.module.css'
import { fieldReason, statusLabel } from './labels'
import { useMoney } from './use-money'

/** A deposit or withdrawal record's first line: coin and chain, then its state. */
export function CoinChainStatus({ r }: { r: { coin: string; chain: string; status: string } }) {
  const { i18n } = useLingui()
  return (
    <div className={styles.row}>
      <strong>
        {r.coin} · {r.chain}
      </strong>
      <span className={styles.badge} data-status={r.status}>
        {statusLabel(i18n, r.status)}
      </span>
    </div>
  )
}

/** Why the operator rejected a record, when it was. */
export function RejectReason({ reason }: { reason: string | null }) {
  return reason ? (
    <span className={styles.sub}>
      <Trans>Reason</Trans>: {reason}
    </span>
  ) : null
}

/** One deposit record; `amount` formats the credited (or reported) amount. */
export function DepositItem({ r, amount }: { r: DepositRow; amount: (value: string) => string }) {
  const { fmt } = useMoney()
  return (
    <>
      <CoinChainStatus r={r} />
      <div className={styles.row}>
        <span className={styles.num}>{amount(r.creditedAmount ?? r.amount)}</span>
        <span className={styles.sub}>{fmt.ago(r.at)}</span>
      </div>
      <RejectReason reason={r.rejectReason} />
    </>
  )
}

/** The chain chips of a deposit or withdrawal form. */
export function ChainChips({
  chains,
  value,
  onChange,
}: {
  chains: readonly { chain: string }[]
  value: string | undefined
  onChange: (chain: string) => void
}) {
  const { t } = useLingui()
  return (
    <ChoiceChips
      label={t`Chain`}
      classes={chipClasses}
      value={value ?? ''}
      options={chains.map((c) => [c.chain, c.chain] as const)}
      onChange={onChange}
    />
  )
}

/** Chips in the assets screens' look, for ChoiceChips. */
export const chipClasses = { tabs: styles.chips, tab: styles.chip }

/** A label and its figure in a summary card (fee, rate, what the user receives). */
export function Kv({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.kv}>
      <span>{label}</span>
      <strong data-testid={testId}>{children}</strong>
    </div>
  )
}

/** The labelled coin picker at the top of a transfer, withdrawal or address-book form. */
export function CoinField(props: Omit<ComponentProps<typeof CoinPicker>, 'id' | 'label'>) {
  const { t } = useLingui()
  return (
    <ControlField label={<Trans>Coin</Trans>}>
      {(id) => <CoinPicker id={id} label={t`Coin`} {...props} />}
    </ControlField>
  )
}

/** A withdrawal address, typed or pasted as it is. */
export function AddressField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useLingui()
  return <Field label={t`Address`} autoComplete="off" spellCheck={false} {...props} />
}

type Side = 'from' | 'to'

/**
 * The "From ⇄ To" row of a transfer or flash exchange: `control` draws one side's picker, the
 * button swaps the sides; then the error of the pair (the same account or coin twice).
 */
export function FromToRow({
  control,
  swapLabel,
  onSwap,
  error,
}: {
  control: (side: Side, id: string, label: string) => ReactNode
  swapLabel: string
  onSwap: () => void
  error?: string
}) {
  const { t, i18n } = useLingui()
  const side = (s: Side, label: string) => (
    <ControlField label={label} style={{ flex: 1, minWidth: 0 }}>
      {(id) => control(s, id, label)}
    </ControlField>
  )
  return (
    <>
      <div className={form.row} style={{ alignItems: 'flex-end' }}>
        {side('from', t`From`)}
        <button
          type="button"
          className={form.secondary}
          style={{ padding: '0 12px' }}
          aria-label={swapLabel}
          onClick={onSwap}
        >
          ⇄
        </button>
        {side('to', t`To`)}
      </div>
      {error && (
        <span className={form.error} role="alert">
          {fieldReason(i18n, error)}
        </span>
      )}
    </>
  )
}
