import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { Pager } from '@/ui/console/Pager'
import { userSearchQueryOptions } from './api'

export type UserStatusFilter = '' | 'active' | 'frozen'

/** Find a user by id, UID, e-mail or phone. */
export function UsersPage({ q, status, page }: { q: string; status: UserStatusFilter; page: number }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const navigate = useNavigate()
  const [text, setText] = useState(q)
  const { data } = useQuery(userSearchQueryOptions(q, status, page))
  const go = (next: { q?: string; status?: UserStatusFilter; page?: number }) =>
    void navigate({ to: '/admin/users', search: { q, status, page: 1, ...next } })
  return (
    <>
      <h2 className={styles.h2}>{t`Users`}</h2>
      <form
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault()
          go({ q: text.trim() })
        }}
      >
        <input
          className={`${styles.input} ${styles.grow}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t`ID, UID, e-mail or phone`}
          placeholder={t`ID, UID, e-mail or phone`}
          maxLength={100}
        />
        <select
          className={styles.select}
          value={status}
          aria-label={t`Status`}
          onChange={(e) => go({ status: e.target.value as UserStatusFilter })}
        >
          <option value="">{t`All`}</option>
          <option value="active">{t`Active`}</option>
          <option value="frozen">{t`Frozen`}</option>
        </select>
        <button type="submit" className={styles.btnPrimary}>
          {t`Search`}
        </button>
      </form>
      <p className={styles.muted}>{data ? t`${data.total} found` : ''}</p>
      <DataTable
        label={t`Users`}
        rows={data?.list}
        rowKey={(u) => u.id}
        columns={[
          { label: t`UID`, cell: (u) => u.uid },
          {
            label: t`Account`,
            cell: (u) => (
              <>
                <Link to="/admin/user" search={{ id: u.id }} className={styles.link}>
                  {u.email ?? u.phone ?? u.nickname}
                </Link>
                {u.role !== 'user' && <span className={styles.badge}> {u.role}</span>}
              </>
            ),
          },
          {
            label: t`Status`,
            cell: (u) => (u.status === 'frozen' ? t`Frozen` : t`Active`),
            className: (u) => (u.status === 'frozen' ? styles.bad : undefined),
          },
          { label: t`Identity`, cell: (u) => <IdentityLabel status={u.identity} /> },
          { label: t`Registered`, cell: (u) => dateTime(u.createdAt, locale) },
        ]}
      />
      {data && <Pager page={page} total={data.total} size={20} onPage={(p) => go({ page: p })} />}
    </>
  )
}

/** The identity state in words. */
export function IdentityLabel({ status }: { status: string | null }) {
  const { t } = useLingui()
  switch (status) {
    case 'pending':
      return <>{t`Under review`}</>
    case 'verified':
      return <>{t`Verified`}</>
    case 'failed':
      return <>{t`Rejected`}</>
    case 'none':
      return <>{t`Basic only`}</>
    default:
      return <>{t`Not started`}</>
  }
}
