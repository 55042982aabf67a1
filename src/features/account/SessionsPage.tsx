import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { deviceName } from '@/lib/format/device-name'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { Confirm } from '@/ui/Sheet'
import styles from './Account.module.css'
import { accountApi, loginHistoryQueryOptions, sessionsQueryOptions } from './api'
import { signOut } from './session'

export function SessionsPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const fmt = useFormat()
  const sessions = useQuery(sessionsQueryOptions())
  const history = useQuery(loginHistoryQueryOptions())
  const navigate = useNavigate()
  const [askAll, setAskAll] = useState(false)

  // Every session (this one too) and every API key end; this device then signs out.
  const logoutAll = async () => {
    try {
      await accountApi.post('user/sessions/revoke-all', {}, { loading: true })
    } catch {
      return
    }
    signOut(qc, false)
    void navigate({ to: '/pages/login/index', replace: true })
  }

  const revoke = async (id: string) => {
    try {
      await accountApi.post('user/sessions/revoke', { id }, { loading: true })
      showToast(t`Logged out on that device`)
      await qc.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={t`Devices and login history`} backLabel={t`Back`} />
      <h2 className={form.label} style={{ margin: '16px 16px 0' }}>
        <Trans>Logged-in devices</Trans>
      </h2>
      <ul className={styles.list} aria-label={t`Logged-in devices`}>
        {sessions.data?.map((s) => (
          <li key={s.id} className={styles.item}>
            <div className={styles.itemRow}>
              <strong>{deviceName(s.userAgent)}</strong>
              {s.current ? (
                <span className={styles.badge}>
                  <Trans>This device</Trans>
                </span>
              ) : (
                <button type="button" className={form.link} onClick={() => void revoke(s.id)}>
                  <Trans>Log out</Trans>
                </button>
              )}
            </div>
            <span className={styles.sub}>
              {s.ip} · {t`Last active`} {fmt.ago(s.lastSeenAt)}
            </span>
          </li>
        ))}
      </ul>
      <div style={{ margin: '8px 16px 0' }}>
        <button
          type="button"
          className={form.secondary}
          onClick={() => setAskAll(true)}
          data-testid="logout-all"
        >
          <Trans>Log out of all devices</Trans>
        </button>
      </div>
      {askAll && (
        <Confirm
          title={t`Log out of all devices?`}
          text={t`Every device, this one included, is logged out, and your API keys stop working.`}
          confirmLabel={t`Log out`}
          cancelLabel={t`Cancel`}
          onConfirm={() => void logoutAll()}
          onClose={() => setAskAll(false)}
        />
      )}
      <h2 className={form.label} style={{ margin: '16px 16px 0' }}>
        <Trans>Login history</Trans>
      </h2>
      <ul className={styles.list} aria-label={t`Login history`}>
        {history.data?.list.map((h) => (
          <li key={h.id} className={styles.item}>
            <div className={styles.itemRow}>
              <span>{deviceName(h.userAgent)}</span>
              <span className={styles.badge}>{h.success ? t`Success` : t`Wrong password`}</span>
            </div>
            <span className={styles.sub}>
              {h.ip} · {fmt.ago(h.at)}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}
