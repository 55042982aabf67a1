import type { LoanOrder } from '@common/loan/schema'
import { div, gt, isZero, mul, sub } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { HttpError } from '@/lib/http/errors'
import { showToast } from '@/ui/feedback'
import { Field } from '@/ui/form/Field'
import { ImagePicker, type Picked } from '@/ui/ImagePicker'
import { PageHeader } from '@/ui/PageHeader'
import styles from '@/ui/Product.module.css'
import { Stat } from '@/ui/Stat'
import { fundingQueryOptions, loanApi, loanKeys, orderQueryOptions } from './api'
import { AMOUNT_RE, RateRows } from './LoanTerms'
import { LoanHead } from './StatusBadge'

/** pages/loan/repayment: one loan, what is due, repaid and left, and repayment from the funding account or by voucher. */
export function LoanRepaymentPage({ id }: { id: string }) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const when = useDateTime()
  // No id in the link (id 0) or no such loan of this user: "not found", not a form error.
  const q = useQuery({ ...orderQueryOptions(id), enabled: id !== '0' })
  const o = q.data
  const missing =
    id === '0' || (q.error instanceof HttpError && (q.error.code === 2203 || q.error.code === 1101))
  if (!o)
    return (
      <>
        <PageHeader title={t`Repayment`} backLabel={t`Back`} />
        {missing && (
          <p className={styles.empty} data-testid="not-found">
            {t`This loan does not exist`}
          </p>
        )}
      </>
    )
  const open = o.status === 'repaying' || o.status === 'unpaid'
  const paidPct = o.amount && gt(o.totalDue, '0') ? mul(div(o.repaid, o.totalDue, 4, 'down'), '100') : '0'
  return (
    <>
      <PageHeader title={t`Repayment`} backLabel={t`Back`} />
      <div className={styles.page}>
        <section className={styles.card} data-testid="loan-detail">
          <LoanHead o={o} />
          {o.amount && (
            <>
              <dl className={styles.kv}>
                <Stat label={t`Left to repay`} className={styles.strong} data-testid="loan-left">
                  {fmt(o.left)} {o.coin}
                </Stat>
              </dl>
              <div className={styles.progress} aria-hidden="true">
                <span style={{ width: `${Math.min(100, Number(paidPct))}%` }} />
              </div>
            </>
          )}
          <dl className={styles.kv}>
            <Stat label={t`Amount asked`}>{fmt(o.expectedAmount)}</Stat>
            {o.amount && (
              <>
                <Stat label={t`Loan amount`} data-testid="loan-amount-approved">
                  {fmt(o.amount)}
                </Stat>
                <Stat label={o.early ? t`Interest so far` : t`Interest`}>{fmt(o.interest)}</Stat>
                {!isZero(o.penalty) && <Stat label={t`Overdue penalty`}>{fmt(o.penalty)}</Stat>}
                <Stat label={t`Total due now`}>{fmt(o.totalDue)}</Stat>
                <Stat label={t`Total originally due`}>{fmt(o.totalOriginal)}</Stat>
                <Stat label={t`Repaid`} data-testid="loan-repaid">
                  {fmt(o.repaid)}
                </Stat>
                <Stat label={t`Due date`}>
                  {o.dueDay}
                  {o.extended ? ` (${t`extended`})` : ''}
                </Stat>
                <Stat label={t`Borrowed`}>{o.paidAt ? when(o.paidAt) : '--'}</Stat>
              </>
            )}
            <RateRows dailyRate={o.dailyRate} />
            <Stat label={t`Lender`}>{o.institution}</Stat>
            <Stat label={t`Purpose`}>{o.purpose}</Stat>
          </dl>
          {o.status === 'rejected' && o.rejectReason && (
            <p className={styles.warn}>
              {t`Reason`}: {o.rejectReason}
            </p>
          )}
          {o.status === 'reviewing' && (
            <p className={styles.hint}>
              <Trans>Under review. An approved loan is paid into your funding account within 24 hours.</Trans>
            </p>
          )}
          {o.early && (
            <p className={styles.hint}>
              <Trans>
                Repaying now pays only the interest of the months so far (a loan worth up to 3000 USD).
              </Trans>
            </p>
          )}
          {o.status === 'unpaid' && (
            <p className={styles.warn}>
              <Trans>This loan is overdue after its extension. Repay it as soon as possible.</Trans>
            </p>
          )}
        </section>
        {open && <RepayForm order={o} />}
        {open && o.repayAddress && <VoucherForm order={o} />}
        {o.repayments.length > 0 && (
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>
              <Trans>Repayments</Trans>
            </h2>
            <dl className={styles.kv}>
              {o.repayments.map((r) => (
                <div key={r.id}>
                  <dt>
                    {when(r.at)} · {r.method === 'balance' ? t`Funding account` : t`On-chain`}
                  </dt>
                  <dd>
                    {fmt(r.amount)} {o.coin}
                    {r.status === 'pending'
                      ? ` · ${t`Under review`}`
                      : r.status === 'rejected'
                        ? ` · ${t`Rejected`}`
                        : ''}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
    </>
  )
}

function RepayForm({ order: o }: { order: LoanOrder }) {
  const { t } = useLingui()
  const { amount: fmt, asset } = useFormat()
  const qc = useQueryClient()
  const funding = useQuery(fundingQueryOptions(o.coin))
  const [amount, setAmount] = useState('')
  const [busy, setBusy] = useState(false)
  const valid = AMOUNT_RE.test(amount) && gt(amount, '0') && !gt(amount, o.left)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!valid) return
    try {
      const next = await loanApi.post<LoanOrder>(
        'loan/repay',
        { id: o.id, amount },
        { loading: true, btnLoading: setBusy },
      )
      qc.setQueryData(loanKeys.order(o.id), next)
      await Promise.all([
        qc.invalidateQueries({ queryKey: loanKeys.mine() }),
        balancesChanged(qc, 'loan', { now: true }),
      ])
      setAmount('')
      showToast(t`Operation success`)
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label={t`Repay from the funding account`}>
      <h2 className={styles.sectionTitle}>
        <Trans>Repay from the funding account</Trans>
      </h2>
      <Field
        decimal
        label={t`Amount (${o.coin})`}
        value={amount}
        onChange={setAmount}
        placeholder={fmt(o.left)}
        data-testid="repay-amount"
        hint={
          AMOUNT_RE.test(amount) && gt(amount, o.left) ? (
            <span className={styles.warnText}>{t`At most ${fmt(o.left)}`}</span>
          ) : undefined
        }
        after={
          <button
            type="button"
            className={styles.btnGhost}
            onClick={() => setAmount(o.left)}
            data-testid="repay-all"
          >
            <Trans>All</Trans>
          </button>
        }
      />
      <p className={styles.hint}>
        {t`Funding account available`}: {funding.data ? `${asset(funding.data, o.coin)} ${o.coin}` : '--'}
        {funding.data && gt(o.left, funding.data)
          ? ` · ${t`short by ${fmt(sub(o.left, funding.data))}`}`
          : ''}
      </p>
      <button type="submit" className={styles.btn} disabled={!valid || busy} data-testid="repay-submit">
        <Trans>Repay</Trans>
      </button>
    </form>
  )
}

function VoucherForm({ order: o }: { order: LoanOrder }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [amount, setAmount] = useState('')
  const [txHash, setTxHash] = useState('')
  const [voucher, setVoucher] = useState<Picked[]>([])
  const [busy, setBusy] = useState(false)
  const valid = AMOUNT_RE.test(amount) && gt(amount, '0') && voucher.length === 1
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!valid) return
    try {
      const next = await loanApi.post<LoanOrder>(
        'loan/repay/voucher',
        { id: o.id, amount, voucher: voucher[0]?.id, txHash },
        { loading: true, btnLoading: setBusy },
      )
      qc.setQueryData(loanKeys.order(o.id), next)
      setAmount('')
      setTxHash('')
      setVoucher([])
      showToast(t`Submit success, under review`)
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label={t`Repay on-chain`}>
      <h2 className={styles.sectionTitle}>
        <Trans>Repay on-chain</Trans>
      </h2>
      <p className={styles.hint}>
        <Trans>
          Send {o.coin} on {o.repayChain} to this address, then upload the payment voucher. An operator
          confirms it.
        </Trans>
      </p>
      <div className={styles.address}>{o.repayAddress}</div>
      <Field decimal label={t`Amount sent (${o.coin})`} value={amount} onChange={setAmount} />
      <Field
        label={t`Transaction hash (optional)`}
        value={txHash}
        onChange={setTxHash}
        autoComplete="off"
        spellCheck={false}
      />
      <ImagePicker label={t`Voucher`} max={1} value={voucher} onChange={setVoucher} />
      <button type="submit" className={styles.btn} disabled={!valid || busy}>
        <Trans>Submit voucher</Trans>
      </button>
    </form>
  )
}
