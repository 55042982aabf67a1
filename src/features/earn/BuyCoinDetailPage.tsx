import type { SubscriptionProjectDetail } from '@common/earn/schema'
import { add, div, gt, isDecimalString, lt, mul, sub } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useId, useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { HttpError } from '@/lib/http/errors'
import { tokenAtom } from '@/lib/store'
import { useNow } from '@/lib/use-now'
import { showToast } from '@/ui/feedback'
import { Fields } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import product from '@/ui/Product.module.css'
import { Sheet } from '@/ui/Sheet'
import { earnApi, earnKeys, financeQueryOptions, projectQueryOptions } from './api'
import { useProjectClock } from './BuyCoinPage'
import styles from './Earn.module.css'
import { FinanceAmountField } from './FinanceAmountField'
import { CoinBadge, CommitProgress, Countdown, SheetConfirm, useStateLabels } from './shared'

/** pages/buycoin/detail: a project's terms, progress, my commitment and my result. */
export function BuyCoinDetailPage({ id }: { id: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const labels = useStateLabels()
  const logged = Boolean(useAtomValue(tokenAtom))
  const navigate = useNavigate()
  // No id in the link (id 0) or no such project: "not found", not a form error.
  const q = useQuery({ ...projectQueryOptions(id, { toast: false }), enabled: id !== '0' })
  const missing =
    id === '0' || (q.error instanceof HttpError && (q.error.code === 1004 || q.error.code === 1101))
  const now = useNow()
  const [open, setOpen] = useState(false)
  const p = q.data
  const clock = useProjectClock(p, now)
  if (!p)
    return (
      <>
        <PageHeader title={t`Launchpad`} backLabel={t`Back`} />
        {missing && (
          <p className={product.empty} data-testid="not-found">
            {t`This project does not exist`}
          </p>
        )}
      </>
    )
  const target = mul(p.supply, p.price)
  const steps: [string, number, boolean][] = [
    [labels.project.preheat, p.startAt, true],
    [labels.project.open, p.startAt, p.state !== 'preheat'],
    [labels.project.closed, p.closeAt, p.state === 'closed' || p.state === 'announced'],
    [labels.project.announced, p.announceAt, p.state === 'announced'],
  ]
  const canCommit = p.state === 'open' && !p.paused && now < p.closeAt
  return (
    <>
      <PageHeader title={p.name} backLabel={t`Back`} />
      <div className={styles.page}>
        <section className={styles.panel}>
          <div className={styles.cardTop}>
            <CoinBadge coin={p.coin} />
            <div className={styles.name}>
              <strong>{p.coinName}</strong>
              <span>{p.coin}</span>
            </div>
            <span className={p.state === 'open' ? styles.tagOpen : styles.tag} data-testid="project-state">
              {p.paused ? t`Paused` : labels.project[p.state]}
            </span>
          </div>
          <ol className={styles.steps} aria-label={t`Timeline`}>
            {steps.map(([label, at, reached], i) => (
              <li key={label} data-done={reached}>
                <span>{label}</span>
                <time dateTime={new Date(i === 0 ? p.startAt : at).toISOString()}>
                  {i === 0 ? '' : when(at)}
                </time>
              </li>
            ))}
          </ol>
          {clock && <Countdown label={clock.label} at={clock.at} now={now} />}
          <CommitProgress
            committed={p.committed}
            target={target}
            currency={p.currency}
            testId="project-progress"
          />
          <Fields
            cells={[
              [t`Issue price`, `${amount(p.price)} ${p.currency}`],
              [t`Supply`, `${amount(p.supply)} ${p.coin}`],
              [t`Participants`, String(p.participants)],
              [t`Minimum`, `${amount(p.minAmount)} ${p.currency}`],
              [t`Maximum`, `${amount(p.maxAmount)} ${p.currency}`],
              [t`Cycle`, t`${Math.max(1, Math.round((p.closeAt - p.startAt) / 86_400_000))} days`],
              [t`Start time`, when(p.startAt)],
              [t`Close time`, when(p.closeAt)],
              [t`Expected listing`, when(p.listingAt)],
            ]}
          />
          {p.state === 'announced' && p.allocated !== null && (
            <p className={styles.note}>
              {t`Allocated ${amount(p.allocated)} ${p.coin}; raised ${amount(p.raised ?? '0')} ${p.currency}.`}
            </p>
          )}
        </section>
        <Mine p={p} />
        {p.description && (
          <section className={styles.panel}>
            <h2>{t`About the project`}</h2>
            <p className={styles.desc}>{p.description}</p>
          </section>
        )}
      </div>
      {canCommit && (
        <div className={styles.sticky}>
          <button
            type="button"
            className={styles.btnBlock}
            onClick={() => (logged ? setOpen(true) : void navigate({ to: '/pages/login/index' }))}
            data-testid="commit-open"
          >
            {t`Subscribe`}
          </button>
        </div>
      )}
      {open && <CommitSheet p={p} onClose={() => setOpen(false)} />}
    </>
  )
}

function Mine({ p }: { p: SubscriptionProjectDetail }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const m = p.mine
  if (!m) return null
  return (
    <section className={styles.panel} data-testid="my-subscription">
      <h2>{t`My subscription`}</h2>
      <div className={styles.line}>
        <span>{t`Committed`}</span>
        <span>
          {amount(m.amount)} {p.currency}
        </span>
      </div>
      {m.settled ? (
        <>
          <div className={styles.line}>
            <span>{t`Allocated`}</span>
            <span className={styles.up} data-testid="my-coins">
              {amount(m.coins ?? '0')} {p.coin}
            </span>
          </div>
          <div className={styles.line}>
            <span>{t({ message: 'Paid', context: 'amount paid' })}</span>
            <span>
              {amount(m.paid ?? '0')} {p.currency}
            </span>
          </div>
          <div className={styles.line}>
            <span>{t`Refunded`}</span>
            <span>
              {amount(m.refund ?? '0')} {p.currency}
            </span>
          </div>
          <p className={styles.note}>
            {t`The coins and the refund are in your finance account.`}{' '}
            <Link to="/pages/assets/transfer" search={{ coin: p.coin }} className={styles.headLink}>
              {t`Transfer`}
            </Link>
          </p>
        </>
      ) : (
        <p className={styles.note}>{t`Frozen in your finance account until the result is announced.`}</p>
      )}
    </section>
  )
}

function CommitSheet({ p, onClose }: { p: SubscriptionProjectDetail; onClose: () => void }) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const qc = useQueryClient()
  const _id = useId()
  const fin = useQuery(financeQueryOptions())
  const available = fin.data?.list.find((b) => b.coin === p.currency)?.available ?? '0'
  const already = p.mine?.amount ?? '0'
  const room = sub(p.maxAmount, already)
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const valid = isDecimalString(value) && gt(value, '0')
  const total = valid ? add(value, already) : already
  const error = !value
    ? ''
    : !valid
      ? t`Enter a valid amount`
      : lt(total, p.minAmount)
        ? t`Minimum ${p.minAmount} ${p.currency}`
        : gt(total, p.maxAmount)
          ? t`You can add at most ${fmt(room)} ${p.currency}`
          : gt(value, available)
            ? t`More than your finance balance`
            : ''
  const submit = async () => {
    setBusy(true)
    try {
      const r = await earnApi.commit(p.id, value)
      qc.setQueryData(earnKeys.project(p.id), r)
      await Promise.all([
        qc.invalidateQueries({ queryKey: earnKeys.all }),
        balancesChanged(qc, 'earn', { now: true }),
      ])
      showToast(t`Subscribed`)
      onClose()
    } catch {
      // the client showed the error
    } finally {
      setBusy(false)
    }
  }
  return (
    <Sheet title={t`Subscribe to ${p.coin}`} onClose={onClose} closeLabel={t`Close`} testId="commit-sheet">
      <FinanceAmountField
        label={t`Amount (${p.currency})`}
        asset={p.currency}
        value={value}
        onChange={setValue}
        available={available}
        cap={room}
        error={error}
        testId="commit-amount"
      />
      <div className={styles.line}>
        <span>{t`Per user`}</span>
        <span>
          {fmt(p.minAmount)} - {fmt(p.maxAmount)} {p.currency}
        </span>
      </div>
      <div className={styles.line}>
        <span>{t`Coins if not oversubscribed`}</span>
        <span>
          {valid ? fmt(div(value, p.price, 4, 'down')) : '0'} {p.coin}
        </span>
      </div>
      <p className={styles.note}>
        {t`The amount is frozen until the result. If the project is oversubscribed you get coins pro rata (rounded down) and the unused amount is refunded exactly.`}
      </p>
      <SheetConfirm ready={valid && !error && !busy} onConfirm={() => void submit()} testId="commit-submit">
        {t`Confirm subscription`}
      </SheetConfirm>
    </Sheet>
  )
}
