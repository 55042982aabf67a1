import type { ApiKeyView } from '@common/apikey/schema'
import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminApi } from '@/lib/console/api'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { ReasonAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'

const userApiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['console', 'user-api-keys', userId],
    queryFn: ({ signal }) => http.get<ApiKeyView[]>('admin/apikey/list', { userId }, { signal }),
  })

/** A user's API keys in the console (never a secret), and revoking a live one with a reason (audited). */
export function UserApiKeys({ userId, canRevoke }: { userId: string; canRevoke: boolean }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const qc = useQueryClient()
  const keys = useQuery(userApiKeysQueryOptions(userId))
  const revoke = (id: string) => async (reason: string) => {
    await adminApi.post('admin/apikey/revoke', { userId, id, reason })
    showToast(t`API key revoked`)
    await qc.invalidateQueries({ queryKey: userApiKeysQueryOptions(userId).queryKey })
  }
  return (
    <section className={styles.panel} aria-label={t`API keys`}>
      <h3 className={styles.h3}>{t`API keys`}</h3>
      {keys.data?.length === 0 && <p className={styles.muted}>{t`None`}</p>}
      <DataTable
        label={t`API keys`}
        hidden={!keys.data?.length}
        rows={keys.data}
        rowKey={(k) => k.id}
        columns={[
          { label: t`Name`, cell: (k) => k.label },
          { label: t`API key`, cell: (k) => `${k.type} · ${k.apiKey}` },
          { label: t`Permissions`, cell: (k) => k.scopes.join(', ') },
          { label: t`IP allowlist`, cell: (k) => (k.ips.length ? k.ips.join(', ') : t`Any address`) },
          { label: t`Created`, cell: (k) => dateTime(k.createdAt, locale) },
          { label: t`Last used`, cell: (k) => (k.lastUsedAt ? dateTime(k.lastUsedAt, locale) : t`Never`) },
          {
            label: t`Status`,
            cell: (k) =>
              k.revokedAt ? (
                <span className={styles.bad}>
                  {t`Revoked`} · {k.revokedReason}
                </span>
              ) : canRevoke ? (
                <ReasonAction label={t`Revoke`} confirmLabel={t`Revoke`} danger onConfirm={revoke(k.id)} />
              ) : (
                <span className={styles.good}>{t`Active`}</span>
              ),
          },
        ]}
      />
    </section>
  )
}
