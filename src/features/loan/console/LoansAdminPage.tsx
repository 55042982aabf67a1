import type { LoanStatus } from '@common/loan/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { ConsoleChips } from '@/ui/console/ConsoleChips'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { ReasonAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'
import { STATUS_LABELS } from '../labels'
import { adminLoanKeys, adminLoansQueryOptions, bookQueryOptions, vouchersQueryOptions } from './api'
import { ProductsPanel } from './ProductsPanel'
import { ReviewPanel } from './ReviewPanel'

type Tab = 'review' | 'vouchers' | 'book' | 'products'

/** Loans in the console: review queue, voucher repayments, the loan book and overdue list, products and holidays. */
export function LoansAdminPage() {
  const { t } = useLingui()
  const [tab, setTab] = useState<Tab>('review')
  const tabs: [Tab, string][] = [
    ['review', t`Review queue`],
    ['vouchers', t`Voucher repayments`],
    ['book', t`Loan book`],
    ['products', t`Products`],
  ]
  return (
    <>
      <h2 className={styles.h2}>{t`Loans`}</h2>
      <ConsoleChips label={t`Loans`} value={tab} options={tabs} onChange={setTab} />
      {tab === 'review' && <Queue />}
      {tab === 'vouchers' && <Vouchers />}
      {tab === 'book' && <Book />}
      {tab === 'products' && <ProductsPanel />}
    </>
  )
}

function Queue() {
  const { t, i18n } = useLingui()
  const { amount, locale } = useFormat()
  const [status, setStatus] = useState<LoanStatus>('reviewing')
  const [open, setOpen] = useState<string | null>(null)
  const q = useQuery(adminLoansQueryOptions(status))
  return (
    <section className={styles.panel} aria-label={t`Review queue`}>
      <fieldset className={styles.chips} aria-label={t`Status`}>
        {(Object.keys(STATUS_LABELS) as LoanStatus[]).map((s) => (
          <button
            key={s}
            type="button"
            className={styles.chip}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {i18n._(STATUS_LABELS[s])}
          </button>
        ))}
      </fieldset>
      <DataTable
        label={t`Loan applications`}
        rows={q.data}
        rowKey={(r) => r.id}
        columns={[
          { label: t`No.`, cell: (r) => r.id },
          {
            label: t`User`,
            cell: (r) => `${r.user.email ?? r.user.phone ?? r.user.nickname} (UID ${r.user.uid})`,
          },
          {
            label: t`Product`,
            cell: (r) => `${r.coin} · ${t`${r.termDays} days`}${r.credit ? ` · ${t`Credit loan`}` : ''}`,
          },
          { label: t`Amount asked`, num: true, cell: (r) => amount(r.expectedAmount) },
          { label: t`Left to repay`, num: true, cell: (r) => (r.amount ? amount(r.left) : '—') },
          { label: t`Due date`, cell: (r) => r.dueDay ?? '—' },
          { label: t`Applied`, cell: (r) => dateTime(r.createdAt, locale) },
          {
            label: t`Action`,
            cell: (r) => (
              <button
                type="button"
                className={styles.btn}
                onClick={() => setOpen(open === r.id ? null : r.id)}
                data-testid="loan-open"
              >
                {open === r.id ? t`Close` : status === 'reviewing' ? t`Review` : t`Details`}
              </button>
            ),
          },
        ]}
      />
      {open && <ReviewPanel id={open} onDone={() => setOpen(null)} />}
    </section>
  )
}

function Vouchers() {
  const { t } = useLingui()
  const { amount, locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(vouchersQueryOptions())
  const decide = async (body: Record<string, string>) => {
    await http.post('admin/loan/repayment/review', body, { loading: true })
    showToast(t`Operation success`)
    await qc.invalidateQueries({ queryKey: adminLoanKeys.root })
  }
  return (
    <section className={styles.panel} aria-label={t`Voucher repayments`}>
      <DataTable
        label={t`Voucher repayments`}
        rows={q.data}
        rowKey={(r) => r.id}
        columns={[
          { label: t`Loan`, cell: (r) => r.orderId },
          { label: t`User`, cell: (r) => `${r.user.email ?? r.user.phone ?? ''} (UID ${r.user.uid})` },
          { label: t`Amount`, num: true, cell: (r) => `${amount(r.amount)} ${r.coin}` },
          { label: t`To address`, cell: (r) => `${r.chain ?? ''} ${r.address ?? ''}` },
          { label: t`Transaction hash`, cell: (r) => r.txHash ?? '—' },
          { label: t`Voucher`, cell: (r) => <AuthedPhoto path={r.voucherUrl} label={t`Voucher`} /> },
          { label: t`Submitted`, cell: (r) => dateTime(r.at, locale) },
          {
            label: t`Action`,
            cell: (r) => (
              <span className={styles.row}>
                <button
                  type="button"
                  className={styles.btnPrimary}
                  onClick={() => void decide({ decision: 'confirm', id: r.id }).catch(() => undefined)}
                >
                  {t`Confirm received`}
                </button>
                <ReasonAction
                  label={t`Reject`}
                  confirmLabel={t`Reject`}
                  danger
                  onConfirm={(reason) => decide({ decision: 'reject', id: r.id, reason })}
                />
              </span>
            ),
          },
        ]}
      />
    </section>
  )
}

function Book() {
  const { t, i18n } = useLingui()
  const { amount } = useFormat()
  const q = useQuery(bookQueryOptions())
  const d = q.data
  return (
    <>
      <section className={styles.panel} aria-label={t`Loan book`}>
        <p className={styles.muted}>
          {(Object.keys(STATUS_LABELS) as LoanStatus[])
            .map((s) => `${i18n._(STATUS_LABELS[s])}: ${d?.counts[s] ?? 0}`)
            .join(' · ')}
          {` · ${t`Vouchers to confirm`}: ${d?.pendingVouchers ?? 0}`}
        </p>
        <DataTable
          label={t`Loan book`}
          rows={d?.book}
          rowKey={(r) => r.coin}
          columns={[
            { label: t`Coin`, cell: (r) => r.coin },
            { label: t`Book balance`, num: true, cell: (r) => amount(r.balance) },
            { label: t`Open loans`, num: true, cell: (r) => String(r.loans) },
            { label: t`Principal lent`, num: true, cell: (r) => amount(r.principal) },
            { label: t`Outstanding`, num: true, cell: (r) => amount(r.outstanding) },
          ]}
        />
      </section>
      <section className={styles.panel} aria-label={t`Overdue loans`}>
        <h3 className={styles.h3}>{t`Overdue loans`}</h3>
        <DataTable
          label={t`Overdue loans`}
          rows={d?.overdue}
          rowKey={(r) => r.id}
          columns={[
            { label: t`No.`, cell: (r) => r.id },
            { label: t`Coin`, cell: (r) => r.coin },
            { label: t`Loan amount`, num: true, cell: (r) => amount(r.amount ?? '0') },
            { label: t`Left to repay`, num: true, cell: (r) => amount(r.left) },
            { label: t`Due date`, cell: (r) => r.dueDay ?? '—' },
            {
              label: t`Status`,
              cell: (r) => (r.status === 'unpaid' ? t`Unpaid, flagged` : t`Extended by 7 days`),
              className: (r) => (r.status === 'unpaid' ? styles.bad : undefined),
            },
          ]}
        />
      </section>
    </>
  )
}
