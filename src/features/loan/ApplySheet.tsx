import { dueDay, quote } from '@common/loan/rules'
import type { LoanOrder, LoanProduct } from '@common/loan/schema'
import type { LoanMe } from '@common/loan/types'
import { gt, lt } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import { Field } from '@/ui/form/Field'
import { IdentityRequired } from '@/ui/form/IdentityRequired'
import { ImagePicker, type Picked } from '@/ui/ImagePicker'
import styles from '@/ui/Product.module.css'
import { Sheet } from '@/ui/Sheet'
import { Stat } from '@/ui/Stat'
import { identityBlocks, loanApi, loanKeys } from './api'
import { AMOUNT_RE, RateRows } from './LoanTerms'

/** The calculator and application form of one product: amount, interest, total, due date, purpose (and proofs). */
export function ApplySheet({
  product: p,
  me,
  onClose,
}: {
  product: LoanProduct
  /** Where I stand with identity (loan/me): the form shows only when the product's requirement is met. */
  me: LoanMe | undefined
  onClose: () => void
}) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [amount, setAmount] = useState('')
  const [purpose, setPurpose] = useState('')
  const [proofs, setProofs] = useState<Picked[]>([])
  const [busy, setBusy] = useState(false)
  const valid = AMOUNT_RE.test(amount) && gt(amount, '0')
  const inRange = valid && !lt(amount, p.minAmount) && !gt(amount, p.maxAmount)
  const q = valid ? quote(amount, p.monthlyRate, p.termDays, p.precision) : null
  const due = dueDay(Date.now(), p.termDays)
  const amountError =
    valid && !inRange ? t`Between ${fmt(p.minAmount)} and ${fmt(p.maxAmount)} ${p.coin}` : undefined
  const ready = inRange && purpose.trim().length > 0 && (!p.credit || proofs.length > 0)

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!ready) return
    try {
      const o = await loanApi.post<LoanOrder>(
        'loan/apply',
        { productId: p.id, amount, purpose: purpose.trim(), proofs: proofs.map((x) => x.id) },
        { loading: true, btnLoading: setBusy },
      )
      showToast(t`Submit success, under review`)
      await qc.invalidateQueries({ queryKey: loanKeys.mine() })
      onClose()
      void navigate({ to: '/pages/loan/repayment', search: { id: o.id } })
    } catch {
      // Shown by the http layer (type 998 opens advanced verification).
    }
  }

  return (
    <Sheet
      title={t`Borrow ${p.coin} for ${p.termDays} days`}
      onClose={onClose}
      closeLabel={t`Close`}
      testId="apply-sheet"
    >
      {me && identityBlocks(me, p) ? (
        <IdentityRequired product="loan" state={me.identity} />
      ) : (
        <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Field
            decimal
            label={t`Amount (${p.coin})`}
            value={amount}
            onChange={setAmount}
            placeholder={`${fmt(p.minAmount)} - ${fmt(p.maxAmount)}`}
            hint={amountError && <span className={styles.warnText}>{amountError}</span>}
            data-testid="loan-amount"
          />
          <dl className={styles.kv} aria-label={t`Calculator`}>
            <Stat label={t`Interest`} data-testid="calc-interest">
              {q ? `${fmt(q.interest)} ${p.coin}` : '--'}
            </Stat>
            <Stat label={t`Total to repay`} className={styles.strong} data-testid="calc-total">
              {q ? `${fmt(q.total)} ${p.coin}` : '--'}
            </Stat>
            <RateRows dailyRate={p.dailyRate} />
            <Stat label={t`Due date if approved today`}>{due}</Stat>
            <Stat label={t`Lender`}>{p.institution}</Stat>
          </dl>
          <Field
            label={t`Purpose`}
            value={purpose}
            onChange={setPurpose}
            maxLength={200}
            placeholder={t`e.g. working capital`}
            data-testid="loan-purpose"
          />
          {p.credit && (
            <div>
              <p className={styles.sectionTitle}>
                <Trans>Proof documents</Trans>
              </p>
              <p className={styles.hint}>
                <Trans>
                  Income or asset proof in your name (payslip, bank or exchange statement). The credit-loan
                  program also requires advanced identity verification.
                </Trans>
              </p>
              <ImagePicker label={t`Add image`} max={9} value={proofs} onChange={setProofs} />
            </div>
          )}
          <p className={styles.hint}>
            <Trans>
              Until the loan is repaid, what you owe stays in your funding account: it cannot be withdrawn,
              transferred or exchanged.
            </Trans>
          </p>
          <button type="submit" className={styles.btn} disabled={!ready || busy} data-testid="loan-submit">
            <Trans>Apply</Trans>
          </button>
        </form>
      )}
    </Sheet>
  )
}
