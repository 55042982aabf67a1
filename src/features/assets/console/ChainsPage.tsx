import type { ChainOverview } from '@common/assets/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { adminApi } from '@/lib/console/api'
import { apiBase } from '@/lib/http/client'
import { store, tokenAtom } from '@/lib/store'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { showToast } from '@/ui/feedback'
import { chainsQueryOptions } from './api'
import own from './Chains.module.css'

type Withdrawal = ChainOverview['withdrawals'][number]
type Alert = ChainOverview['alerts'][number]

/** A hash or an address cut to its ends for lists (the whole value in the title and for copying). */
function Short({ value }: { value: string | null }) {
  if (!value) return null
  const short = value.length > 18 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value
  return (
    <span className={own.mono} title={value}>
      {short}
    </span>
  )
}

/**
 * The watched EVM chains (docs/products/chains.md): per chain the watcher (head, cursor, lag, RPC
 * errors), deposits pending and credited, the hot wallet's balances and the withdrawals it is paying,
 * alerts to acknowledge (audited), and the deposit addresses' balances as CSV for the offline sweep.
 * Refreshed every 5 s.
 */
export function ChainsPage() {
  const { t } = useLingui()
  const { data, isError } = useQuery(chainsQueryOptions())
  return (
    <>
      <h2 className={styles.h2}>{t`Chains`}</h2>
      {data?.length === 0 && (
        <p className={styles.muted}>
          <Trans>
            No chain is watched. A chain is on when its RPC URL and extended public key are configured
            (docs/products/chains.md).
          </Trans>
        </p>
      )}
      {isError && <p className={styles.error}>{t`The chains cannot be read right now.`}</p>}
      <ul className={styles.list} aria-label={t`Chains`}>
        {data?.map((c) => (
          <Chain key={c.chain} c={c} />
        ))}
      </ul>
    </>
  )
}

function Chain({ c }: { c: ChainOverview }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const behind = c.lag !== null && c.lag >= c.confirmations
  const state =
    c.lag === null
      ? { text: t`Waiting for the first pass`, cls: styles.bad }
      : behind
        ? { text: t`Behind the head`, cls: styles.bad }
        : { text: t`Following the head`, cls: styles.good }
  const statusText: Record<Withdrawal['status'], string> = {
    approved: t`Approved`,
    queued: t`Queued: the hot wallet cannot pay`,
    signed: t`Signed, not yet broadcast`,
    broadcast: t`Broadcast`,
    confirmed: t`Confirming`,
  }
  const queued = c.withdrawals.some((w) => w.status === 'queued')
  const pendingN = c.deposits.pending ?? 0
  const creditedN = c.deposits.credited ?? 0
  const droppedN = c.deposits.dropped ?? 0
  return (
    <li className={styles.panel} data-testid={`chain-${c.chain}`} aria-label={c.chain}>
      <h3 className={styles.h3}>
        {c.chain} <span className={`${styles.badge} ${state.cls}`}>{state.text}</span>
      </h3>
      <dl className={styles.kv}>
        <dt>
          <Trans>Head</Trans>
        </dt>
        <dd className={own.mono} data-testid="chain-head">
          {c.head ?? '—'}
        </dd>
        <dt>
          <Trans>Cursor</Trans>
        </dt>
        <dd className={own.mono}>{c.cursor ?? '—'}</dd>
        <dt>
          <Trans>Lag in blocks</Trans>
        </dt>
        <dd className={`${own.mono} ${behind ? styles.bad : ''}`}>{c.lag ?? '—'}</dd>
        <dt>
          <Trans>Confirmations</Trans>
        </dt>
        <dd className={own.mono}>{c.confirmations}</dd>
        <dt>
          <Trans>RPC errors</Trans>
        </dt>
        <dd className={`${own.mono} ${c.rpcErrors > 0 ? styles.bad : ''}`}>{c.rpcErrors}</dd>
        {c.lastError && (
          <>
            <dt>
              <Trans>Last error</Trans>
            </dt>
            <dd>
              {dateTime(c.lastErrorAt, locale)} {c.lastError}
            </dd>
          </>
        )}
        <dt>
          <Trans>Updated</Trans>
        </dt>
        <dd>{dateTime(c.updatedAt, locale)}</dd>
        <dt>
          <Trans>Deposits</Trans>
        </dt>
        <dd data-testid="chain-deposit-counts">
          {t`${pendingN} pending, ${creditedN} credited, ${droppedN} dropped by a reorg`}
        </dd>
      </dl>
      <CsvButton chain={c.chain} />

      <Alerts chain={c.chain} alerts={c.alerts} />

      <section className={own.section} aria-label={t`Hot wallet`}>
        <h4 className={own.h4}>{t`Hot wallet`}</h4>
        {c.hotWallet ? (
          <dl className={styles.kv}>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd className={own.mono}>{c.hotWallet.address}</dd>
            {c.hotWallet.balances ? (
              Object.entries(c.hotWallet.balances).map(([coin, amount]) => (
                <HotBalance key={coin} coin={coin} amount={amount} />
              ))
            ) : (
              <>
                <dt>
                  <Trans>Balances</Trans>
                </dt>
                <dd className={styles.bad}>{t`The node cannot be read`}</dd>
              </>
            )}
          </dl>
        ) : (
          <p
            className={styles.muted}
          >{t`No hot wallet is configured: withdrawals on this chain are paid by hand.`}</p>
        )}
      </section>

      <section className={own.section} aria-label={t`Withdrawals on their way`}>
        <h4 className={own.h4}>{t`Withdrawals on their way`}</h4>
        {queued && (
          <p className={styles.bad}>{t`Queued withdrawals are paid once the hot wallet is topped up.`}</p>
        )}
        {c.withdrawals.length === 0 ? (
          <p className={styles.muted}>{t`None`}</p>
        ) : (
          <DataTable
            label={t`Withdrawals on their way`}
            rows={c.withdrawals}
            rowKey={(w) => w.id}
            columns={[
              { label: t`Time`, cell: (w) => dateTime(w.createdAt, locale) },
              { label: t`Amount`, cell: (w) => `${w.amount} ${w.coin}`, num: true },
              { label: t`Fee`, cell: (w) => w.fee, num: true },
              { label: t`Address`, cell: (w) => <Short value={w.address} /> },
              {
                label: t`Status`,
                cell: (w) => statusText[w.status],
                className: (w) => (w.status === 'queued' ? styles.bad : undefined),
              },
              { label: t`Transaction hash`, cell: (w) => <Short value={w.txHash} /> },
              { label: t`User`, cell: (w) => <Short value={w.userId} /> },
            ]}
          />
        )}
      </section>

      <section className={own.section} aria-label={t`Pending deposits`}>
        <h4 className={own.h4}>{t`Pending deposits`}</h4>
        {c.pending.length === 0 ? (
          <p className={styles.muted}>{t`None`}</p>
        ) : (
          <DataTable
            label={t`Pending deposits`}
            rows={c.pending}
            rowKey={(p) => `${p.txHash}:${p.logIndex}`}
            columns={[
              { label: t`Seen`, cell: (p) => dateTime(p.seenAt, locale) },
              { label: t`Amount`, cell: (p) => `${p.amount} ${p.coin}`, num: true },
              {
                label: t`Confirmations`,
                cell: (p) => `${Math.min(p.confirmations, c.confirmations)} / ${c.confirmations}`,
                num: true,
              },
              { label: t`Address`, cell: (p) => <Short value={p.address} /> },
              { label: t`Transaction hash`, cell: (p) => <Short value={p.txHash} /> },
              { label: t`User`, cell: (p) => <Short value={p.userId} /> },
            ]}
          />
        )}
      </section>

      <section className={own.section} aria-label={t`Last credited deposits`}>
        <h4 className={own.h4}>{t`Last credited deposits`}</h4>
        {c.credited.length === 0 ? (
          <p className={styles.muted}>{t`None`}</p>
        ) : (
          <DataTable
            label={t`Last credited deposits`}
            rows={c.credited}
            rowKey={(p) => `${p.txHash}:${p.logIndex}`}
            columns={[
              { label: t`Credited`, cell: (p) => dateTime(p.creditedAt, locale) },
              { label: t`Amount`, cell: (p) => `${p.amount} ${p.coin}`, num: true },
              { label: t`Address`, cell: (p) => <Short value={p.address} /> },
              { label: t`Transaction hash`, cell: (p) => <Short value={p.txHash} /> },
              { label: t`User`, cell: (p) => <Short value={p.userId} /> },
            ]}
          />
        )}
      </section>
    </li>
  )
}

function HotBalance({ coin, amount }: { coin: string; amount: string }) {
  return (
    <>
      <dt>{coin}</dt>
      <dd className={own.mono} data-testid={`hot-${coin}`}>
        {amount}
      </dd>
    </>
  )
}

/** Open alerts: a reorg deeper than N after a credit, or the hot wallet short of a withdrawal. */
function Alerts({ chain, alerts }: { chain: string; alerts: Alert[] }) {
  const { t, i18n } = useLingui()
  const qc = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  if (alerts.length === 0) return null
  const kindText = (k: string) =>
    k === 'reorg_after_credit'
      ? t`A credited deposit's block left the chain (reorg deeper than N). Nothing was debited: check the user's balance.`
      : k === 'hot_wallet_low'
        ? t`The hot wallet could not pay a withdrawal: top it up.`
        : k
  const ack = async (id: string) => {
    setBusy(id)
    try {
      await adminApi.post('admin/chains/alerts/ack', { id })
      showToast(t`Alert acknowledged`)
      await qc.invalidateQueries({ queryKey: chainsQueryOptions().queryKey })
    } catch {
      // Shown by the http layer.
    } finally {
      setBusy(null)
    }
  }
  return (
    <section className={`${own.section} ${own.alerts}`} aria-label={t`Alerts of ${chain}`}>
      <h4 className={own.h4}>{t`Alerts`}</h4>
      <ul className={styles.list}>
        {alerts.map((a) => (
          <li key={a.id} className={own.alert} data-testid={`chain-alert-${a.kind}`}>
            <p className={own.alertText}>{kindText(a.kind)}</p>
            <p className={styles.muted}>
              {dateTime(a.createdAt, i18n.locale)} · <Short value={a.ref} />
            </p>
            <pre className={styles.json}>{JSON.stringify(a.detail, null, 1)}</pre>
            <button
              type="button"
              className={styles.btnPrimary}
              disabled={busy === a.id}
              onClick={() => void ack(a.id)}
            >
              {t`Acknowledge`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The deposit addresses' balances as a CSV file (the request carries the session; audited). */
function CsvButton({ chain }: { chain: string }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const token = store.get(tokenAtom)
      const res = await fetch(
        `${apiBase().replace(/\/$/, '')}/admin/chains/balances.csv?chain=${encodeURIComponent(chain)}`,
        { headers: token ? { authorization: `Bearer ${token}` } : {} },
      )
      if (!res.ok || !res.headers.get('content-type')?.startsWith('text/csv'))
        throw new Error(String(res.status))
      const url = URL.createObjectURL(await res.blob())
      const a = document.createElement('a')
      a.href = url
      a.download = `deposit-addresses-${chain}.csv`
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch {
      showToast(t`The file could not be downloaded`, { error: true })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.filters}>
      <button
        type="button"
        className={`${styles.btn} ${own.wrapBtn}`}
        disabled={busy}
        onClick={() => void download()}
      >
        {t`Download the deposit addresses' balances (CSV)`}
      </button>
    </div>
  )
}
