import type { IdentityFilter } from '@common/admin/schema'
import type { IdentityItem } from '@common/admin/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { adminApi, invalidateConsole } from '@/lib/console/api'
import { useFormat } from '@/lib/format/use-format'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { ConsoleChips } from '@/ui/console/ConsoleChips'
import { dateTime } from '@/ui/console/date-time'
import { Pager } from '@/ui/console/Pager'
import { RejectAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'
import { identityListQueryOptions } from './api'

/** Identity review: advanced checks waiting (photos, approve, reject with a reason the user sees). */
export function IdentityPage({ status, page }: { status: IdentityFilter; page: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { data } = useQuery(identityListQueryOptions(status, page))
  const filters: { value: IdentityFilter; label: string }[] = [
    { value: 'pending', label: t`Waiting` },
    { value: 'verified', label: t`Approved` },
    { value: 'failed', label: t`Rejected` },
    { value: 'none', label: t`Basic only` },
  ]
  return (
    <>
      <h2 className={styles.h2}>{t`Identity review`}</h2>
      <ConsoleChips
        label={t`Status`}
        value={status}
        options={filters.map(
          (f) => [f.value, f.value === status && data ? `${f.label} (${data.total})` : f.label] as const,
        )}
        onChange={(s) => void navigate({ to: '/admin/identity', search: { status: s, page: 1 } })}
      />
      {data && data.list.length === 0 && <p className={styles.muted}>{t`Nothing here.`}</p>}
      <ul className={styles.list} aria-label={t`Identity checks`}>
        {data?.list.map((item) => (
          <IdentityCard key={item.userId} item={item} />
        ))}
      </ul>
      {data && (
        <Pager
          page={page}
          total={data.total}
          size={20}
          onPage={(p) => void navigate({ to: '/admin/identity', search: { status, page: p } })}
        />
      )}
    </>
  )
}

function IdentityCard({ item }: { item: IdentityItem }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const qc = useQueryClient()
  const done = async () => {
    await invalidateConsole(qc)
  }
  const approve = async () => {
    try {
      await adminApi.post('admin/identity/approve', { userId: item.userId })
      showToast(t`Approved`)
      await done()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <li className={styles.panel} aria-label={item.realName}>
      <div className={styles.row}>
        <strong>{item.realName}</strong>
        <Link to="/admin/user" search={{ id: item.userId }} className={styles.link}>
          {item.email ?? item.phone ?? item.uid}
        </Link>
      </div>
      <dl className={styles.kv}>
        <dt>{t`Nationality`}</dt>
        <dd>{item.nationality}</dd>
        <dt>{t`ID number`}</dt>
        <dd>{item.idNumber}</dd>
        <dt>{t`Submitted`}</dt>
        <dd>{dateTime(item.submittedAt ?? item.basicAt, locale)}</dd>
        {item.rejectReason && (
          <>
            <dt>{t`Reason`}</dt>
            <dd className={styles.bad}>{item.rejectReason}</dd>
          </>
        )}
      </dl>
      {item.status !== 'none' && (
        <div className={styles.photos}>
          <AuthedPhoto path={item.photos.front} label={t`Front of the ID`} />
          <AuthedPhoto path={item.photos.back} label={t`Back of the ID`} />
          <AuthedPhoto path={item.photos.hand} label={t`Holding the ID`} />
        </div>
      )}
      {item.status === 'pending' && (
        <div className={styles.filters}>
          <button type="button" className={styles.btnPrimary} onClick={() => void approve()}>
            {t`Approve`}
          </button>
          <RejectAction
            onReject={async (reason) => {
              await adminApi.post('admin/identity/reject', { userId: item.userId, reason })
              showToast(t`Rejected`)
              await done()
            }}
          />
        </div>
      )}
    </li>
  )
}
