import {
  DEPOSIT_FILTERS,
  depositCreditSchema,
  WITHDRAWAL_FILTERS,
  withdrawalApproveSchema,
} from '@common/admin/schema'
import type {
  DepositItem,
  DepositStatus,
  QueueItem,
  WithdrawalItem,
  WithdrawalStatus,
} from '@common/admin/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import * as v from 'valibot'
import { adminApi, invalidateConsole } from '@/lib/console/api'
import { useFormat } from '@/lib/format/use-format'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { dateTime } from '@/ui/console/date-time'
import { MorePager } from '@/ui/console/Pager'
import { RejectAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'
import { depositsQueryOptions, type QueuePage, withdrawalsQueryOptions } from './api'

/** What differs between the deposit and the withdrawal queue: columns and actions. */
interface QueueKind<S extends string, I extends QueueItem> {
  to: '/admin/deposits' | '/admin/withdrawals'
  title: string
  labels: Record<S, string>
  filters: readonly S[]
  /** Rows after "To address" and after "Submitted". */
  afterAddress?: (item: I) => ReactNode
  afterSubmitted: (item: I) => ReactNode
  photos?: (item: I) => ReactNode
  /** The positive decision: one input (amount received, transaction hash) and a button. */
  decide: {
    input: string
    initial: (item: I) => string
    decimal: boolean
    button: string
    invalid: string
    /** The request body, or null when the input is not valid. */
    body: (item: I, value: string) => object | null
    url: string
    toast: string
  }
  reject: { url: string; body: (item: I, reason: string) => object; toast: string }
}

/** A review queue: status chips with counts, the cards, previous / next. */
function ReviewQueue<S extends string, I extends QueueItem>({
  kind,
  status,
  page,
  data,
}: {
  kind: QueueKind<S, I>
  status: S
  page: number
  data: QueuePage<I> | undefined
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  // kind.to is one of two routes whose status types differ; S is the one of kind.to.
  const go = (s: S, p: number) => void navigate({ to: kind.to, search: { status: s as never, page: p } })
  return (
    <>
      <h2 className={styles.h2}>{kind.title}</h2>
      <fieldset className={styles.chips}>
        <legend className={styles.srOnly}>{t`Status`}</legend>
        {kind.filters.map((f) => (
          <button
            key={f}
            type="button"
            className={styles.chip}
            aria-pressed={f === status}
            onClick={() => go(f, 1)}
          >
            {kind.labels[f]} ({data?.counts[f] ?? 0})
          </button>
        ))}
      </fieldset>
      {data && data.list.length === 0 && <p className={styles.muted}>{t`Nothing here.`}</p>}
      <ul className={styles.list} aria-label={kind.title}>
        {data?.list.map((item) => (
          <QueueCard key={item.id} kind={kind} item={item} />
        ))}
      </ul>
      {data && <MorePager page={page} hasMore={data.hasMore} onPage={(p) => go(status, p)} />}
    </>
  )
}

function QueueCard<S extends string, I extends QueueItem>({
  kind,
  item,
}: {
  kind: QueueKind<S, I>
  item: I
}) {
  const { t } = useLingui()
  const { locale, amount } = useFormat()
  const qc = useQueryClient()
  const id = useId()
  const [value, setValue] = useState(() => kind.decide.initial(item))
  const [error, setError] = useState('')
  const done = () => invalidateConsole(qc)
  const decide = async () => {
    const body = kind.decide.body(item, value)
    if (!body) {
      setError(kind.decide.invalid)
      return
    }
    try {
      await adminApi.post(kind.decide.url, body)
      showToast(kind.decide.toast)
      await done()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <li className={styles.panel} aria-label={`${item.coin} ${item.amount} ${item.user?.account ?? ''}`}>
      <div className={styles.row}>
        <strong>
          {amount(item.amount)} {item.coin} <span className={styles.muted}>{item.chain}</span>
        </strong>
        <Link to="/admin/user" search={{ id: item.userId }} className={styles.link}>
          {item.user?.account ?? item.userId}
        </Link>
      </div>
      <dl className={styles.kv}>
        <dt>{t`To address`}</dt>
        <dd>{item.address}</dd>
        {kind.afterAddress?.(item)}
        <dt>{t`Submitted`}</dt>
        <dd>{dateTime(item.createdAt, locale)}</dd>
        {kind.afterSubmitted(item)}
        {item.rejectReason && (
          <>
            <dt>{t`Reason`}</dt>
            <dd className={styles.bad}>{item.rejectReason}</dd>
          </>
        )}
      </dl>
      {kind.photos && <div className={styles.photos}>{kind.photos(item)}</div>}
      {item.status === 'pending' && (
        <>
          <div className={styles.filters}>
            <label htmlFor={id} className={styles.muted}>
              {kind.decide.input}
            </label>
            <input
              id={id}
              className={kind.decide.decimal ? styles.input : `${styles.input} ${styles.grow}`}
              value={value}
              {...(kind.decide.decimal ? { inputMode: 'decimal' as const, size: 12 } : {})}
              onChange={(e) => {
                setValue(e.target.value.trim())
                setError('')
              }}
            />
            <button type="button" className={styles.btnPrimary} onClick={() => void decide()}>
              {kind.decide.button}
            </button>
            <RejectAction
              onReject={async (reason) => {
                await adminApi.post(kind.reject.url, kind.reject.body(item, reason))
                showToast(kind.reject.toast)
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

const parsed = (schema: v.GenericSchema, input: unknown): object | null => {
  const r = v.safeParse(schema, input)
  return r.success ? (r.output as object) : null
}

/** Deposit review: the user's voucher, credit (the received amount) or reject with a reason. */
export function DepositsPage({ status, page }: { status: DepositStatus; page: number }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const { data } = useQuery(depositsQueryOptions(status, page))
  const kind: QueueKind<DepositStatus, DepositItem> = {
    to: '/admin/deposits',
    title: t`Deposits`,
    labels: { pending: t`Waiting`, credited: t`Credited`, rejected: t`Rejected` },
    filters: DEPOSIT_FILTERS,
    afterSubmitted: (d) =>
      d.creditedAmount && (
        <>
          <dt>{t`Credited`}</dt>
          <dd>
            {amount(d.creditedAmount)} {d.coin}
          </dd>
        </>
      ),
    photos: (d) => <AuthedPhoto path={d.voucher} label={t`Transfer voucher`} />,
    decide: {
      input: t`Amount received`,
      initial: (d) => d.amount,
      decimal: true,
      button: t`Credit`,
      invalid: t`Enter the amount received`,
      body: (d, received) => parsed(depositCreditSchema, { depositId: d.id, amount: received }),
      url: 'admin/deposits/credit',
      toast: t`Deposit credited`,
    },
    reject: {
      url: 'admin/deposits/reject',
      body: (d, reason) => ({ depositId: d.id, reason }),
      toast: t`Rejected`,
    },
  }
  return <ReviewQueue kind={kind} status={status} page={page} data={data} />
}

/** Withdrawal review: pay out (with the transaction hash) or reject (the frozen funds return). */
export function WithdrawalsPage({ status, page }: { status: WithdrawalStatus; page: number }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const { data } = useQuery(withdrawalsQueryOptions(status, page))
  const kind: QueueKind<WithdrawalStatus, WithdrawalItem> = {
    to: '/admin/withdrawals',
    title: t`Withdrawals`,
    labels: { pending: t`Waiting`, success: t`Paid`, failed: t`Rejected` },
    filters: WITHDRAWAL_FILTERS,
    afterAddress: (w) => (
      <>
        <dt>{t`Fee`}</dt>
        <dd>{amount(w.fee)}</dd>
        <dt>{t`To send`}</dt>
        <dd>{amount(w.net)}</dd>
      </>
    ),
    afterSubmitted: (w) =>
      w.txHash && (
        <>
          <dt>{t`Transaction hash`}</dt>
          <dd>{w.txHash}</dd>
        </>
      ),
    decide: {
      input: t`Transaction hash`,
      initial: () => '',
      decimal: false,
      button: t`Mark as paid`,
      invalid: t`Enter the transaction hash of the payout`,
      body: (w, txHash) => parsed(withdrawalApproveSchema, { withdrawalId: w.id, txHash }),
      url: 'admin/withdrawals/approve',
      toast: t`Withdrawal paid`,
    },
    reject: {
      url: 'admin/withdrawals/reject',
      body: (w, reason) => ({ withdrawalId: w.id, reason }),
      toast: t`Rejected, the funds are back with the user`,
    },
  }
  return <ReviewQueue kind={kind} status={status} page={page} data={data} />
}
