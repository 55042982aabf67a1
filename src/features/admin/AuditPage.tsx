import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from './Admin.module.css'
import { type AuditFilter, auditQueryOptions } from './api'
import { dateTime, Pager } from './widgets'

const show = (x: unknown) => (x === null || x === undefined ? '—' : JSON.stringify(x))

/** The audit log: every console action, read only, filterable. */
export function AuditPage({ filter }: { filter: AuditFilter }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const navigate = useNavigate()
  const [form, setForm] = useState({
    actor: filter.actor ?? '',
    action: filter.action ?? '',
    targetId: filter.targetId ?? '',
  })
  const { data } = useQuery(auditQueryOptions(filter))
  const go = (next: Partial<AuditFilter>) =>
    void navigate({ to: '/admin/audit', search: { actor: '', action: '', targetId: '', ...filter, ...next } })
  return (
    <>
      <h2 className={styles.h2}>{t`Audit log`}</h2>
      <form
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault()
          go({ ...form, page: 1 })
        }}
      >
        <input
          className={`${styles.input} ${styles.grow}`}
          value={form.actor}
          onChange={(e) => setForm((f) => ({ ...f, actor: e.target.value }))}
          aria-label={t`Operator (e-mail or ID)`}
          placeholder={t`Operator (e-mail or ID)`}
        />
        <input
          className={`${styles.input} ${styles.grow}`}
          value={form.action}
          onChange={(e) => setForm((f) => ({ ...f, action: e.target.value }))}
          aria-label={t`Action`}
          placeholder={t`Action, e.g. identity or user.freeze`}
        />
        <input
          className={`${styles.input} ${styles.grow}`}
          value={form.targetId}
          onChange={(e) => setForm((f) => ({ ...f, targetId: e.target.value }))}
          aria-label={t`Target ID`}
          placeholder={t`Target ID`}
        />
        <button type="submit" className={styles.btnPrimary}>
          {t`Filter`}
        </button>
      </form>
      <p className={styles.muted}>{data ? t`${data.total} actions` : ''}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t`Time`}</th>
              <th>{t`Operator`}</th>
              <th>{t`Action`}</th>
              <th>{t`Target`}</th>
              <th>{t`Before`}</th>
              <th>{t`After`}</th>
              <th>{t`Reason`}</th>
              <th>{t`IP`}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((r) => (
              <tr key={r.id}>
                <td>{dateTime(r.at, locale)}</td>
                <td>{r.actorEmail ?? r.actorId}</td>
                <td>{r.action}</td>
                <td>
                  {r.targetType} {r.targetId}
                </td>
                <td>
                  <pre className={styles.json}>{show(r.before)}</pre>
                </td>
                <td>
                  <pre className={styles.json}>{show(r.after)}</pre>
                </td>
                <td>{r.reason}</td>
                <td>{r.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && <Pager page={filter.page} total={data.total} size={30} onPage={(p) => go({ page: p })} />}
    </>
  )
}
