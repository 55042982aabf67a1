import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminApi, invalidateConsole } from '@/lib/console/api'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { dateTime } from '@/ui/console/date-time'
import { ReasonAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'

/** One four-eyes proposal as GET /api/admin/approvals/list answers it. */
export interface Proposal {
  id: string
  kind: string
  caseType: string
  caseId: string
  asset: string
  amount: string
  valueUsdt: string | null
  limit: string
  status: 'pending' | 'approved' | 'rejected'
  proposer: { id: string; uid: number; email: string | null }
  createdAt: number
  parties: { uid: number; account: string }[]
  mine: boolean
  party: boolean
  adminOnly: boolean
  canApprove: boolean
  canReject: boolean
}

export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'approvals', 'pending'],
    queryFn: ({ signal }) =>
      http.get<{ limit: string; list: Proposal[] }>(
        'admin/approvals/list',
        { status: 'pending' },
        { signal },
      ),
  })

/**
 * Pending approvals (four-eyes): money-moving decisions above the limit, proposed by one staff
 * member, wait here for a second one. One's own proposals can only be withdrawn; a party to the
 * case can do neither.
 */
export function ApprovalsSection() {
  const { t } = useLingui()
  const { locale, amount } = useFormat()
  const qc = useQueryClient()
  const { data } = useQuery(approvalsQueryOptions())
  const kinds: Record<string, string> = {
    'deposit.credit': t`Deposit credit`,
    'withdrawal.approve': t`Withdrawal paid`,
    'loan.review': t`Loan approval`,
    'loan.voucher': t`Repayment voucher confirmation`,
    'c2c.decide': t`Appeal decision`,
    'user.adjust_balance': t`Manual balance adjustment`,
  }
  const approve = async (p: Proposal) => {
    try {
      await adminApi.post('admin/approvals/approve', { id: p.id })
      showToast(t`Approved: the decision is carried out`)
      await invalidateConsole(qc)
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title" className={styles.h2}>
        {t`Pending approvals`}
      </h2>
      {data && (
        <p className={styles.muted}>
          {t`Decisions that move more than ${amount(data.limit)} USDT need a second staff member: one proposes, another approves.`}
        </p>
      )}
      {data && data.list.length === 0 && <p className={styles.muted}>{t`Nothing waits for approval.`}</p>}
      <ul className={styles.list} aria-label={t`Pending approvals`}>
        {data?.list.map((p) => (
          <li
            key={p.id}
            className={styles.panel}
            aria-label={`${kinds[p.kind] ?? p.kind} ${p.amount} ${p.asset}`}
          >
            <div className={styles.row}>
              <strong>
                {kinds[p.kind] ?? p.kind} · {amount(p.amount)} {p.asset}
              </strong>
              <span className={styles.muted}>
                {p.valueUsdt === null ? t`No price to value it` : t`≈ ${amount(p.valueUsdt)} USDT`}
              </span>
            </div>
            <dl className={styles.kv}>
              <dt>{t`Case`}</dt>
              <dd>
                {p.caseType} #{p.caseId}
              </dd>
              <dt>{t`Parties`}</dt>
              <dd>{p.parties.map((x) => `${x.account} (UID ${x.uid})`).join(', ') || '—'}</dd>
              <dt>{t`Proposed by`}</dt>
              <dd>{p.proposer.email ?? `UID ${p.proposer.uid}`}</dd>
              <dt>{t`Proposed at`}</dt>
              <dd>{dateTime(p.createdAt, locale)}</dd>
            </dl>
            <div className={styles.filters}>
              {p.mine && (
                <span className={styles.muted}>{t`Your proposal: it awaits a second staff member.`}</span>
              )}
              {p.party && (
                <span className={styles.bad}>{t`You are a party to this case: you cannot decide it.`}</span>
              )}
              {!p.mine && !p.party && p.adminOnly && !p.canApprove && (
                <span className={styles.muted}>{t`Only an admin can approve this.`}</span>
              )}
              {p.canApprove && (
                <button type="button" className={styles.btnPrimary} onClick={() => void approve(p)}>
                  {t`Approve`}
                </button>
              )}
              {p.canReject && (
                <ReasonAction
                  label={p.mine ? t`Withdraw the proposal` : t`Reject`}
                  confirmLabel={p.mine ? t`Confirm withdrawal of the proposal` : t`Confirm rejection`}
                  danger
                  onConfirm={async (reason) => {
                    await adminApi.post('admin/approvals/reject', { id: p.id, reason })
                    showToast(t`Proposal rejected: nothing was carried out`)
                    await invalidateConsole(qc)
                  }}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
