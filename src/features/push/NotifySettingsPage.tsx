import type { PushPrefs, PushType } from '@common/push/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import {
  currentSubscription,
  type DevicePushState,
  devicePushState,
  subscribeDevice,
} from '@/lib/push/device'
import { langAtom, store } from '@/lib/store'
import { Cell, CellGroup, LinkCell } from '@/ui/CellList'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { Switch } from '@/ui/Switch'
import { devicesQueryOptions, prefsQueryOptions, pushApi, pushKeys, vapidKeyQueryOptions } from './api'
import { subscribeWithLang } from './lang-sync'
import styles from './Push.module.css'

export function NotifySettingsPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const prefs = useQuery(prefsQueryOptions())
  const devices = useQuery(devicesQueryOptions())
  const vapid = useQuery(vapidKeyQueryOptions())
  const [state, setState] = useState<DevicePushState | null>(null)
  const [busy, setBusy] = useState(false)

  const refresh = useCallback(async () => setState(await devicePushState()), [])
  useEffect(() => {
    void refresh()
  }, [refresh])

  const stateText: Record<DevicePushState, string> = {
    unsupported: t`This browser cannot receive push notifications. On iPhone, add the app to the home screen first.`,
    'no-worker': t`Push notifications need the installed app (the offline service worker is not running).`,
    denied: t`Notifications are blocked for this site. Allow them in the browser's site settings.`,
    off: t`Push notifications are off on this device.`,
    on: t`Push notifications are on for this device.`,
  }

  const toggleDevice = async (on: boolean) => {
    setBusy(true)
    try {
      if (on) {
        const key = vapid.data?.publicKey ?? (await qc.fetchQuery(vapidKeyQueryOptions())).publicKey
        const r = await subscribeDevice(key)
        if (r.subscription) {
          await subscribeWithLang(r.subscription, store.get(langAtom))
          showToast(t`Push notifications turned on`)
        } else if (r.state === 'denied')
          showToast(t`Notifications are blocked for this site`, { error: true })
      } else {
        const sub = await currentSubscription()
        if (sub) {
          await pushApi.unsubscribe(sub.endpoint)
          await sub.unsubscribe()
        }
        showToast(t`Push notifications turned off`)
      }
    } catch {
      // Errors of the API are shown by the http layer; a refused subscription leaves the switch off.
    } finally {
      setBusy(false)
      await refresh()
      await qc.invalidateQueries({ queryKey: pushKeys.devices() })
    }
  }

  const setPref = async (type: PushType, on: boolean) => {
    try {
      const next = await pushApi.setPrefs({ [type]: on })
      qc.setQueryData(pushKeys.prefs(), next)
    } catch {
      // Shown by the http layer.
    }
  }

  const test = async () => {
    try {
      const r = await pushApi.test()
      showToast(r.sent > 0 ? t`Test notification sent` : t`No device received it`, { error: r.sent === 0 })
    } catch {
      // Shown by the http layer.
    }
  }

  const types: { type: keyof PushPrefs; label: string; hint: string }[] = [
    { type: 'priceAlert', label: t`Price alerts`, hint: t`When a price you watch is reached` },
    { type: 'orderFill', label: t`Order fills`, hint: t`When a spot order is completely filled` },
    { type: 'notice', label: t`Notices`, hint: t`Platform announcements` },
  ]

  return (
    <>
      <PageHeader title={t`Notification settings`} backLabel={t`Back`} />
      <CellGroup label={t`This device`}>
        <Cell label={t`Push on this device`}>
          <Switch
            label={t`Push on this device`}
            checked={state === 'on'}
            onChange={(on) => {
              if (!busy && (state === 'on' || state === 'off')) void toggleDevice(on)
            }}
          />
        </Cell>
      </CellGroup>
      <p className={styles.note} role="status">
        {state ? stateText[state] : ''}
        {devices.data && devices.data.count > 0 && (
          <> {t`Devices receiving notifications: ${devices.data.count}`}</>
        )}
      </p>
      {state === 'on' && (
        <div className={styles.actions}>
          <button type="button" className={form.secondary} onClick={() => void test()}>
            <Trans>Send a test notification</Trans>
          </button>
        </div>
      )}
      <CellGroup label={t`Notify me about`}>
        {types.map((x) => (
          <Cell key={x.type} label={<TypeLabel label={x.label} hint={x.hint} />}>
            <Switch
              label={x.label}
              checked={prefs.data?.[x.type] ?? true}
              onChange={(on) => void setPref(x.type, on)}
            />
          </Cell>
        ))}
      </CellGroup>
      <p className={styles.note}>
        <Trans>Every notification also appears in your in-app notification list.</Trans>
      </p>
      <CellGroup label={t`Price alerts`}>
        <LinkCell to="/pages/mine/price-alerts" label={t`Manage price alerts`} />
      </CellGroup>
    </>
  )
}

function TypeLabel({ label, hint }: { label: string; hint: string }) {
  return (
    <span className={styles.typeLabel}>
      <span>{label}</span>
      <span className={styles.hint}>{hint}</span>
    </span>
  )
}
