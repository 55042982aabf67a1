import { DEPOSIT_FILTERS, depositCreditSchema } from '@common/schemas/admin'
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
  type DepositItem,
  type DepositStatus,
  depositsQueryOptions,
  invalidateConsole,
} from './api'
import { AuthedPhoto, dateTime, MorePager, ReasonAction } from './widgets'

/** Deposit review: the user's voucher, credit (the received amount) or reject with a reason. */
export function DepositsPage({ status, page }: { status: DepositStatus; page: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { data } = useQuery(depositsQueryOptions(status, page))
  const labels: Record<DepositStatus, string> = {
    pending: t`Waiting`,
    credited: t`Credited`,
    rejected: t`Rejected`,
  }
  return (
    <>
      <h2 className={styles.h2}>{t`Deposits`}</h2>
      <fieldset className={styles.chips}>
        <legend className={styles.srOnly}>{t`Status`}</legend>
        {DEPOSIT_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={styles.chip}
            aria-pressed={f === status}
            onClick={() => void navigate({ to: '/admin/deposits', search: { status: f, page: 1 } })}
          >
            {labels[f]} ({data?.counts[f] ?? 0})
          </button>
        ))}
      </fieldset>
      {data && data.list.length === 0 && <p className={styles.muted}>{t`Nothing here.`}</p>}
      <ul className={styles.list} aria-label={t`Deposits`}>
        {data?.list.map((d) => (
          <DepositCard key={d.id} d={d} />
        ))}
      </ul>
      {data && (
        <MorePager
          page={page}
          hasMore={data.hasMore}
          onPage={(p) => void navigate({ to: '/admin/deposits', search: { status, page: p } })}
        />
      )}
    </>
  )
}

function DepositCard({ d }: { d: DepositItem }) {
  const { t } = useLingui()
  const { locale, amount } = useFormat()
  const qc = useQueryClient()
  const id = useId()
  const [received, setReceived] = useState(d.amount)
  const [error, setError] = useState('')
  const done = () => invalidateConsole(qc)
  const credit = async () => {
    const parsed = v.safeParse(depositCreditSchema, { depositId: d.id, amount: received })
    if (!parsed.success) {
      setError(t`Enter the amount received`)
      return
    }
    try {
      await adminApi.post('admin/deposits/credit', parsed.output)
      showToast(t`Deposit credited`)
      await done()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <li className={styles.panel} aria-label={`${d.coin} ${d.amount} ${d.user?.account ?? ''}`}>
      <div className={styles.row}>
        <strong>
          {amount(d.amount)} {d.coin} <span className={styles.muted}>{d.chain}</span>
        </strong>
        <Link to="/admin/user" search={{ id: d.userId }} className={styles.link}>
          {d.user?.account ?? d.userId}
        </Link>
      </div>
      <dl className={styles.kv}>
        <dt>{t`To address`}</dt>
        <dd>{d.address}</dd>
        <dt>{t`Submitted`}</dt>
        <dd>{dateTime(d.createdAt, locale)}</dd>
        {d.creditedAmount && (
          <>
            <dt>{t`Credited`}</dt>
            <dd>
              {amount(d.creditedAmount)} {d.coin}
            </dd>
          </>
        )}
        {d.rejectReason && (
          <>
            <dt>{t`Reason`}</dt>
            <dd className={styles.bad}>{d.rejectReason}</dd>
          </>
        )}
      </dl>
      <div className={styles.photos}>
        <AuthedPhoto path={d.voucher} label={t`Transfer voucher`} />
      </div>
      {d.status === 'pending' && (
        <>
          <div className={styles.filters}>
            <label htmlFor={id} className={styles.muted}>
              {t`Amount received`}
            </label>
            <input
              id={id}
              className={styles.input}
              value={received}
              inputMode="decimal"
              size={12}
              onChange={(e) => {
                setReceived(e.target.value.trim())
                setError('')
              }}
            />
            <button type="button" className={styles.btnPrimary} onClick={() => void credit()}>
              {t`Credit`}
            </button>
            <ReasonAction
              label={t`Reject`}
              confirmLabel={t`Confirm rejection`}
              danger
              onConfirm={async (reason) => {
                await adminApi.post('admin/deposits/reject', { depositId: d.id, reason })
                showToast(t`Rejected`)
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
