import { WITHDRAWAL_FILTERS, withdrawalApproveSchema } from '@common/schemas/admin'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import styles from './Admin.module.css'
import {
  adminApi,
  invalidateConsole,
  type WithdrawalItem,
  type WithdrawalStatus,
  withdrawalsQueryOptions,
} from './api'
import { dateTime, MorePager, ReasonAction } from './widgets'

/** Withdrawal review: pay out (with the transaction hash) or reject (the frozen funds return). */
export function WithdrawalsPage({ status, page }: { status: WithdrawalStatus; page: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { data } = useQuery(withdrawalsQueryOptions(status, page))
  const labels: Record<WithdrawalStatus, string> = {
    pending: t`Waiting`,
    success: t`Paid`,
    failed: t`Rejected`,
  }
  return (
    <>
      <h2 className={styles.h2}>{t`Withdrawals`}</h2>
      <fieldset className={styles.chips}>
        <legend className={styles.srOnly}>{t`Status`}</legend>
        {WITHDRAWAL_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={styles.chip}
            aria-pressed={f === status}
            onClick={() => void navigate({ to: '/admin/withdrawals', search: { status: f, page: 1 } })}
          >
            {labels[f]} ({data?.counts[f] ?? 0})
          </button>
        ))}
      </fieldset>
      {data && data.list.length === 0 && <p className={styles.muted}>{t`Nothing here.`}</p>}
      <ul className={styles.list} aria-label={t`Withdrawals`}>
        {data?.list.map((w) => (
          <WithdrawalCard key={w.id} w={w} />
        ))}
      </ul>
      {data && (
        <MorePager
          page={page}
          hasMore={data.hasMore}
          onPage={(p) => void navigate({ to: '/admin/withdrawals', search: { status, page: p } })}
        />
      )}
    </>
  )
}

function WithdrawalCard({ w }: { w: WithdrawalItem }) {
  const { t } = useLingui()
  const { locale, amount } = useFormat()
  const qc = useQueryClient()
  const id = useId()
  const [txHash, setTxHash] = useState('')
  const [error, setError] = useState('')
  const done = () => invalidateConsole(qc)
  const approve = async () => {
    const parsed = v.safeParse(withdrawalApproveSchema, { withdrawalId: w.id, txHash })
    if (!parsed.success) {
      setError(t`Enter the transaction hash of the payout`)
      return
    }
    try {
      await adminApi.post('admin/withdrawals/approve', parsed.output)
      showToast(t`Withdrawal paid`)
      await done()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <li className={styles.panel} aria-label={`${w.coin} ${w.amount} ${w.user?.account ?? ''}`}>
      <div className={styles.row}>
        <strong>
          {amount(w.amount)} {w.coin} <span className={styles.muted}>{w.chain}</span>
        </strong>
        <Link to="/admin/user" search={{ id: w.userId }} className={styles.link}>
          {w.user?.account ?? w.userId}
        </Link>
      </div>
      <dl className={styles.kv}>
        <dt>{t`To address`}</dt>
        <dd>{w.address}</dd>
        <dt>{t`Fee`}</dt>
        <dd>{amount(w.fee)}</dd>
        <dt>{t`To send`}</dt>
        <dd>{amount(w.net)}</dd>
        <dt>{t`Submitted`}</dt>
        <dd>{dateTime(w.createdAt, locale)}</dd>
        {w.txHash && (
          <>
            <dt>{t`Transaction hash`}</dt>
            <dd>{w.txHash}</dd>
          </>
        )}
        {w.rejectReason && (
          <>
            <dt>{t`Reason`}</dt>
            <dd className={styles.bad}>{w.rejectReason}</dd>
          </>
        )}
      </dl>
      {w.status === 'pending' && (
        <>
          <div className={styles.filters}>
            <label htmlFor={id} className={styles.muted}>
              {t`Transaction hash`}
            </label>
            <input
              id={id}
              className={`${styles.input} ${styles.grow}`}
              value={txHash}
              onChange={(e) => {
                setTxHash(e.target.value.trim())
                setError('')
              }}
            />
            <button type="button" className={styles.btnPrimary} onClick={() => void approve()}>
              {t`Mark as paid`}
            </button>
            <ReasonAction
              label={t`Reject`}
              confirmLabel={t`Confirm rejection`}
              danger
              onConfirm={async (reason) => {
                await adminApi.post('admin/withdrawals/reject', { withdrawalId: w.id, reason })
                showToast(t`Rejected, the funds are back with the user`)
                await done()
              }}
            />
          </div>
          {error && (
            <span className={styles.error} role="alert">
              {error}
            </span>
          )}
        </>
      )}
    </li>
  )
}
