import { adjustSchema } from '@common/admin/schema'
import type { UserDetail } from '@common/admin/types'
import { WALLET_ACCOUNTS } from '@common/ledger/accounts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useState } from 'react'
import * as v from 'valibot'
import { adminApi, adminMeQueryOptions, invalidateConsole } from '@/lib/console/api'
import { deviceName } from '@/lib/format/device-name'
import { useFormat } from '@/lib/format/use-format'
import { Alert } from '@/ui/Alert'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { Pager } from '@/ui/console/Pager'
import { ReasonAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'
import { userDetailQueryOptions, userLedgerQueryOptions } from './api'
import { UserApiKeys } from './UserApiKeys'
import { IdentityLabel } from './UsersPage'

/**
 * One user: profile, verification, balances, ledger, sessions, and the console's actions on them.
 * `positions` is the user's open perpetual positions, from the contract console (the route passes it).
 */
export function UserDetailPage({ userId, positions }: { userId: string; positions?: ReactNode }) {
  const { t } = useLingui()
  const { locale, amount } = useFormat()
  const qc = useQueryClient()
  const [ledgerPage, setLedgerPage] = useState(1)
  const detail = useQuery(userDetailQueryOptions(userId))
  const ledger = useQuery(userLedgerQueryOptions(userId, ledgerPage))
  const me = useQuery(adminMeQueryOptions())
  if (detail.isError) return <p className={styles.muted}>{t`No such user.`}</p>
  const d = detail.data
  if (!d) return <p className={styles.muted}>{t`Loading`}</p>
  const p = d.profile
  const refresh = () => invalidateConsole(qc)
  const act = (url: string, ok: string) => async (reason: string) => {
    await adminApi.post(url, { userId, reason })
    showToast(ok)
    await refresh()
  }
  const isSelf = me.data?.id === p.id
  return (
    <>
      <h2 className={styles.h2}>{p.email ?? p.phone ?? p.nickname}</h2>
      <section className={styles.panel} aria-label={t`Profile`}>
        <dl className={styles.kv}>
          <dt>{t`UID`}</dt>
          <dd>{p.uid}</dd>
          <dt>{t`User ID`}</dt>
          <dd>{p.id}</dd>
          <dt>{t`Role`}</dt>
          <dd>{p.role}</dd>
          <dt>{t`Status`}</dt>
          <dd className={p.status === 'frozen' ? styles.bad : styles.good} data-testid="user-status">
            {p.status === 'frozen' ? t({ message: 'Frozen', context: 'account status' }) : t`Active`}
          </dd>
          <dt>{t`E-mail`}</dt>
          <dd>{p.email ?? '—'}</dd>
          <dt>{t`Phone`}</dt>
          <dd>{p.phone ?? '—'}</dd>
          <dt>{t`Google authenticator`}</dt>
          <dd>{p.googleBound ? t`Bound` : t`Not bound`}</dd>
          <dt>{t`Registered`}</dt>
          <dd>{dateTime(p.createdAt, locale)}</dd>
        </dl>
        {!isSelf && (
          <div className={styles.filters}>
            {p.status === 'active' ? (
              <ReasonAction
                label={t`Freeze`}
                confirmLabel={t`Confirm freeze`}
                danger
                onConfirm={act('admin/users/freeze', t`Account frozen`)}
              />
            ) : (
              <ReasonAction
                label={t`Unfreeze`}
                confirmLabel={t`Confirm unfreeze`}
                onConfirm={act('admin/users/unfreeze', t`Account unfrozen`)}
              />
            )}
            {p.googleBound && (
              <ReasonAction
                label={t`Reset Google authenticator`}
                confirmLabel={t`Confirm reset`}
                danger
                onConfirm={act('admin/users/reset-google', t`Google authenticator reset`)}
              />
            )}
          </div>
        )}
      </section>

      <section className={styles.panel} aria-label={t`Identity`}>
        <h3 className={styles.h3}>{t`Identity`}</h3>
        {d.identity ? (
          <>
            <dl className={styles.kv}>
              <dt>{t`Status`}</dt>
              <dd>
                <IdentityLabel status={d.identity.status} />
              </dd>
              <dt>{t`Name`}</dt>
              <dd>{d.identity.realName}</dd>
              <dt>{t`Nationality`}</dt>
              <dd>{d.identity.nationality}</dd>
              <dt>{t`ID number`}</dt>
              <dd>{d.identity.idNumber}</dd>
              {d.identity.rejectReason && (
                <>
                  <dt>{t`Reason`}</dt>
                  <dd className={styles.bad}>{d.identity.rejectReason}</dd>
                </>
              )}
            </dl>
            {d.identity.photos.front && (
              <div className={styles.photos}>
                <AuthedPhoto path={d.identity.photos.front} label={t`Front of the ID`} />
                <AuthedPhoto path={d.identity.photos.back} label={t`Back of the ID`} />
                <AuthedPhoto path={d.identity.photos.hand} label={t`Holding the ID`} />
              </div>
            )}
          </>
        ) : (
          <p className={styles.muted}>{t`Not started`}</p>
        )}
      </section>

      <section className={styles.panel} aria-label={t`Balances`}>
        <h3 className={styles.h3}>{t`Balances`}</h3>
        {d.balances.length === 0 ? (
          <p className={styles.muted}>{t`No balances yet.`}</p>
        ) : (
          <DataTable
            label={t`Balances`}
            rows={d.balances}
            rowKey={(b) => `${b.account}-${b.asset}`}
            columns={[
              { label: t`Account`, cell: (b) => b.account },
              { label: t`Coin`, cell: (b) => b.asset },
              { label: t`Available`, num: true, cell: (b) => amount(b.available) },
              { label: t`Frozen`, num: true, cell: (b) => amount(b.frozen) },
            ]}
          />
        )}
        {me.data?.role === 'admin' && <AdjustForm userId={userId} onDone={refresh} />}
      </section>

      {positions}

      <section className={styles.panel} aria-label={t`Ledger`}>
        <h3 className={styles.h3}>{t`Ledger`}</h3>
        <DataTable
          label={t`Ledger`}
          hidden={!ledger.data?.total}
          rows={ledger.data?.list}
          rowKey={(e) => e.id}
          columns={[
            { label: t`Time`, cell: (e) => dateTime(e.at, locale) },
            { label: t`Type`, cell: (e) => e.reason },
            {
              label: t`Account`,
              cell: (e) => `${e.account} · ${e.asset} · ${e.bucket === 'frozen' ? t`Frozen` : t`Available`}`,
            },
            { label: t`Amount`, num: true, cell: (e) => amount(e.amount) },
            { label: t`Balance after`, num: true, cell: (e) => amount(e.balanceAfter) },
            { label: t`Note`, cell: (e) => e.memo },
          ]}
        />
        {ledger.data && (
          <Pager page={ledgerPage} total={ledger.data.total} size={20} onPage={setLedgerPage} />
        )}
      </section>

      <Sessions sessions={d.sessions} />
      <UserApiKeys userId={userId} canRevoke={!isSelf} />
    </>
  )
}

function Sessions({ sessions }: { sessions: UserDetail['sessions'] }) {
  const { t } = useLingui()
  const { ago } = useFormat()
  return (
    <section className={styles.panel} aria-label={t`Logged-in devices`}>
      <h3 className={styles.h3}>{t`Logged-in devices`}</h3>
      {sessions.length === 0 && <p className={styles.muted}>{t`None`}</p>}
      <ul className={styles.list}>
        {sessions.map((s) => (
          <li key={s.id} className={styles.row}>
            <span>{deviceName(s.userAgent)}</span>
            <span className={styles.muted}>
              {s.ip} · {ago(s.lastSeenAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Admin only: a manual correction, posted to the ledger against the treasury, with a reason. */
function AdjustForm({ userId, onDone }: { userId: string; onDone: () => Promise<unknown> }) {
  const { t } = useLingui()
  const id = useId()
  const [form, setForm] = useState({ account: 'funding', asset: 'USDT', amount: '', reason: '' })
  const [error, setError] = useState('')
  const submit = async () => {
    const parsed = v.safeParse(adjustSchema, { userId, ...form })
    if (!parsed.success) {
      const field = v.getDotPath(parsed.issues[0])
      setError(field === 'reason' ? t`Give a reason (2 to 200 characters)` : t`Check the coin and the amount`)
      return
    }
    try {
      await adminApi.post('admin/users/adjust', parsed.output)
      showToast(t`Balance adjusted`)
      setForm((f) => ({ ...f, amount: '', reason: '' }))
      await onDone()
    } catch {
      // Shown by the http layer.
    }
  }
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }))
    setError('')
  }
  return (
    <fieldset className={styles.panel}>
      <legend>{t`Manual adjustment (admin)`}</legend>
      <p className={styles.muted}>
        <Trans>Posted to the ledger against the treasury. A negative amount debits the user.</Trans>
      </p>
      <div className={styles.filters}>
        <select
          className={styles.select}
          value={form.account}
          onChange={set('account')}
          aria-label={t`Account`}
        >
          {WALLET_ACCOUNTS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <input
          className={styles.input}
          value={form.asset}
          onChange={set('asset')}
          aria-label={t`Coin`}
          maxLength={12}
          size={8}
        />
        <input
          id={`${id}-amount`}
          className={styles.input}
          value={form.amount}
          onChange={set('amount')}
          aria-label={t`Amount`}
          inputMode="decimal"
          placeholder="100 / -100"
        />
        <input
          className={`${styles.input} ${styles.grow}`}
          value={form.reason}
          onChange={set('reason')}
          aria-label={t`Reason`}
          placeholder={t`Reason`}
          maxLength={200}
        />
        <button type="button" className={styles.btnPrimary} onClick={() => void submit()}>
          {t`Post adjustment`}
        </button>
      </div>
      <Alert text={error} className={styles.error} />
    </fieldset>
  )
}
