import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { Pager } from '@/ui/console/Pager'
import { type AuditFilter, auditQueryOptions } from './api'

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
      <DataTable
        label={t`Audit log`}
        rows={data?.list}
        rowKey={(r) => r.id}
        columns={[
          { label: t`Time`, cell: (r) => dateTime(r.at, locale) },
          { label: t`Operator`, cell: (r) => r.actorEmail ?? r.actorId },
          { label: t`Action`, cell: (r) => r.action },
          { label: t`Target`, cell: (r) => `${r.targetType} ${r.targetId}` },
          { label: t`Before`, cell: (r) => <pre className={styles.json}>{show(r.before)}</pre> },
          { label: t`After`, cell: (r) => <pre className={styles.json}>{show(r.after)}</pre> },
          { label: t`Reason`, cell: (r) => r.reason },
          { label: t`IP`, cell: (r) => r.ip },
        ]}
      />
      {data && <Pager page={filter.page} total={data.total} size={30} onPage={(p) => go({ page: p })} />}
    </>
  )
}
