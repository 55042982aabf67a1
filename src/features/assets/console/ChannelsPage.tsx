import type { DepositChannel } from '@common/admin/types'
import { depositChannelSaveSchema } from '@common/assets/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { adminApi } from '@/lib/console/api'
import styles from '@/ui/console/Console.module.css'
import { showToast } from '@/ui/feedback'
import { Switch } from '@/ui/Switch'
import { depositChannelsQueryOptions } from './api'

/** The platform's deposit addresses per coin and chain (shown to users on the deposit page). */
export function ChannelsPage() {
  const { t } = useLingui()
  const { data } = useQuery(depositChannelsQueryOptions())
  return (
    <>
      <h2 className={styles.h2}>{t`Deposit addresses`}</h2>
      <p
        className={styles.muted}
      >{t`Users can deposit a coin on a chain only when its address is set and switched on.`}</p>
      <ul className={styles.list} aria-label={t`Deposit addresses`}>
        {data?.map((c) => (
          <ChannelRow key={`${c.coin}-${c.chain}`} c={c} />
        ))}
      </ul>
    </>
  )
}

function ChannelRow({ c }: { c: DepositChannel }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [form, setForm] = useState({
    address: c.address ?? '',
    minAmount: c.minAmount,
    confirmations: String(c.confirmations ?? 12),
    enabled: c.enabled,
  })
  const [error, setError] = useState('')
  const save = async () => {
    const parsed = v.safeParse(depositChannelSaveSchema, {
      coin: c.coin,
      chain: c.chain,
      address: form.address.trim(),
      minAmount: form.minAmount === '0' || form.minAmount === '' ? undefined : form.minAmount,
      confirmations: /^\d+$/.test(form.confirmations) ? Number(form.confirmations) : -1,
      enabled: form.enabled,
    })
    if (!parsed.success) {
      setError(t`Check the address, minimum and confirmations`)
      return
    }
    try {
      await adminApi.post('admin/deposit-channels/save', parsed.output)
      showToast(t`Saved`)
      await qc.invalidateQueries({ queryKey: ['admin', 'deposit-channels'] })
    } catch {
      // Shown by the http layer.
    }
  }
  const text = (k: 'address' | 'minAmount' | 'confirmations', label: string, grow = false) => (
    <label className={`${styles.muted} ${grow ? styles.grow : ''}`}>
      {label}
      <input
        className={styles.input}
        style={grow ? { width: '100%' } : undefined}
        value={form[k]}
        size={k === 'address' ? 42 : 8}
        onChange={(e) => {
          setForm((f) => ({ ...f, [k]: e.target.value }))
          setError('')
        }}
      />
    </label>
  )
  return (
    <li className={styles.panel} aria-label={`${c.coin} ${c.chain}`}>
      <div className={styles.row}>
        <strong>
          {c.coin} <span className={styles.muted}>{c.chain}</span>
        </strong>
        <Switch
          checked={form.enabled}
          onChange={(on) => setForm((f) => ({ ...f, enabled: on }))}
          label={t`Deposits open for ${c.coin} ${c.chain}`}
        />
      </div>
      <div className={styles.filters}>
        {text('address', t`Address`, true)}
        {text('minAmount', t`Minimum deposit`)}
        {text('confirmations', t`Confirmations`)}
        <button type="button" className={styles.btnPrimary} onClick={() => void save()}>
          {t`Save`}
        </button>
      </div>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </li>
  )
}
