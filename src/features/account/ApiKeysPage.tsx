import type { ApiKeyScope, ApiKeyView } from '@common/apikey/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { Confirm } from '@/ui/Sheet'
import styles from './Account.module.css'
import { apiKeysApi, apiKeysQueryOptions } from './api-keys'

/** A link drawn as the form's main button. */
export const LINK_BUTTON = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
} as const

/** What each scope is called on screen (one word per meaning). */
export function useScopeLabels(): Record<ApiKeyScope, string> {
  const { t } = useLingui()
  return {
    read: t({ message: 'Read', context: 'API key permission' }),
    'spot:trade': t`Spot trading`,
    'contract:trade': t`Perpetual trading`,
    withdraw: t`Withdrawals`,
  }
}

/** Security centre: the user's API keys, and revoking one. */
export function ApiKeysPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const keys = useQuery(apiKeysQueryOptions())
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null)

  const revoke = async (k: ApiKeyView) => {
    try {
      await apiKeysApi.revoke(k.id)
      showToast(t`API key revoked`)
      await qc.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey })
    } catch {
      // Shown by the http layer.
    } finally {
      setRevoking(null)
    }
  }

  return (
    <>
      <PageHeader title={t`API keys`} backLabel={t`Back`} />
      <div className={form.page}>
        <p className={form.hint}>
          <Trans>
            Programs and trading bots use an API key to trade and read your balances. Never share the secret.
            A key never reaches your security settings and stops working when you change your password.
          </Trans>
        </p>
        <Link
          to="/pages/mine/api-key-create"
          className={form.primary}
          style={LINK_BUTTON}
          data-testid="api-key-new"
        >
          <Trans>Create API key</Trans>
        </Link>
      </div>
      {keys.data && keys.data.length === 0 && (
        <p className={form.hint} style={{ margin: '0 16px' }}>
          <Trans>You have no API keys.</Trans>
        </p>
      )}
      <ul className={styles.list} aria-label={t`API keys`}>
        {keys.data?.map((k) => (
          <ApiKeyItem key={k.id} k={k} onRevoke={() => setRevoking(k)} />
        ))}
      </ul>
      {revoking && (
        <Confirm
          title={t`Revoke this API key?`}
          text={t`Programs using it stop working at once. This cannot be undone.`}
          confirmLabel={t`Revoke`}
          cancelLabel={t`Cancel`}
          onConfirm={() => void revoke(revoking)}
          onClose={() => setRevoking(null)}
        />
      )}
    </>
  )
}

function ApiKeyItem({ k, onRevoke }: { k: ApiKeyView; onRevoke: () => void }) {
  const { t } = useLingui()
  const fmt = useFormat()
  const scopes = useScopeLabels()
  const date = (ms: number) => new Date(ms).toLocaleDateString(fmt.locale)
  return (
    <li className={styles.item} data-testid="api-key">
      <div className={styles.itemRow}>
        <strong>{k.label}</strong>
        <button type="button" className={form.link} onClick={onRevoke}>
          <Trans>Revoke</Trans>
        </button>
      </div>
      <span className={styles.sub} style={{ fontFamily: 'var(--font-num)', wordBreak: 'break-all' }}>
        {k.type === 'hmac' ? 'HMAC-SHA256' : 'Ed25519'} · {k.apiKey}
      </span>
      <span className={styles.sub}>
        {t`Permissions`}: {k.scopes.map((s) => scopes[s]).join(', ')}
      </span>
      <span className={styles.sub}>
        {t`IP allowlist`}: {k.ips.length ? k.ips.join(', ') : t`Any address`}
      </span>
      <span className={styles.sub}>
        {t`Created`} {date(k.createdAt)} · {t`Last used`} {k.lastUsedAt ? fmt.ago(k.lastUsedAt) : t`Never`}
      </span>
    </li>
  )
}
