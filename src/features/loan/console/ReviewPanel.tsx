import { gt, isZero } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { DecimalField } from '@/ui/console/DecimalField'
import { dateTime } from '@/ui/console/date-time'
import { ReasonAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'
import { STATUS_LABELS } from '../labels'
import { adminLoanKeys, adminLoanQueryOptions } from './api'

/** One application: documents, identity, balances, loan history; approve with an amount or reject with a reason. */
export function ReviewPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const { amount, locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(adminLoanQueryOptions(id))
  const [approve, setApprove] = useState<string | null>(null)
  const d = q.data
  if (!d) return null
  const o = d.order
  const value = approve ?? o.expectedAmount
  const valid = /^\d+(\.\d+)?$/.test(value) && !isZero(value) && !gt(value, o.expectedAmount)
  const decide = async (body: Record<string, string>) => {
    await http.post('admin/loan/review', body, { loading: true })
    showToast(t`Operation success`)
    await qc.invalidateQueries({ queryKey: adminLoanKeys.root })
    onDone()
  }
  return (
    <section className={styles.panel} aria-label={t`Application ${o.id}`} data-testid="loan-review">
      <h3 className={styles.h3}>{t`Application ${o.id}`}</h3>
      <dl className={styles.kv}>
        <dt>{t`User`}</dt>
        <dd>{`${d.user.email ?? d.user.phone ?? d.user.nickname} (UID ${d.user.uid})`}</dd>
        <dt>{t`Identity`}</dt>
        <dd>
          {d.identity ? `${d.identity.realName} · ${d.identity.nationality} · ${d.identity.advanced}` : '—'}
        </dd>
        <dt>{t`Product`}</dt>
        <dd>{`${o.coin} · ${t`${o.termDays} days`} · ${o.institution}${o.credit ? ` · ${t`Credit loan`}` : ''}`}</dd>
        <dt>{t`Amount asked`}</dt>
        <dd>{`${amount(o.expectedAmount)} ${o.coin}`}</dd>
        <dt>{t`Purpose`}</dt>
        <dd>{o.purpose}</dd>
        <dt>{t`Status`}</dt>
        <dd>{i18n._(STATUS_LABELS[o.status])}</dd>
        {o.rejectReason && (
          <>
            <dt>{t`Reason`}</dt>
            <dd>{o.rejectReason}</dd>
          </>
        )}
      </dl>
      {d.proofs.length > 0 && (
        <div className={styles.photos}>
          {d.proofs.map((p) => (
            <AuthedPhoto key={p.id} path={p.url} label={t`Proof document`} />
          ))}
        </div>
      )}
      <h4 className={styles.muted}>{t`Balances`}</h4>
      <DataTable
        label={t`Balances`}
        rows={d.balances}
        rowKey={(b) => `${b.account}:${b.asset}`}
        columns={[
          { label: t`Account`, cell: (b) => b.account },
          { label: t`Coin`, cell: (b) => b.asset },
          { label: t`Available`, num: true, cell: (b) => amount(b.available) },
          { label: t`Frozen`, num: true, cell: (b) => amount(b.frozen) },
        ]}
      />
      <h4 className={styles.muted}>{t`Loan history`}</h4>
      <DataTable
        label={t`Loan history`}
        rows={d.history}
        rowKey={(h) => h.id}
        columns={[
          { label: t`No.`, cell: (h) => h.id },
          {
            label: t`Loan amount`,
            num: true,
            cell: (h) => `${amount(h.amount ?? h.expectedAmount)} ${h.coin}`,
          },
          { label: t`Status`, cell: (h) => i18n._(STATUS_LABELS[h.status]) },
          { label: t`Applied`, cell: (h) => dateTime(h.createdAt, locale) },
        ]}
      />
      {o.status === 'reviewing' && (
        <div className={styles.filters}>
          <DecimalField label={t`Amount to lend (${o.coin})`} value={value} onChange={setApprove} />
          <button
            type="button"
            className={styles.btnPrimary}
            disabled={!valid}
            onClick={() =>
              void decide({ decision: 'approve', id: o.id, amount: value }).catch(() => undefined)
            }
            data-testid="loan-approve"
          >
            {t`Approve and pay out`}
          </button>
          <ReasonAction
            label={t`Reject`}
            confirmLabel={t`Reject`}
            danger
            onConfirm={(reason) => decide({ decision: 'reject', id: o.id, reason })}
          />
        </div>
      )}
    </section>
  )
}
