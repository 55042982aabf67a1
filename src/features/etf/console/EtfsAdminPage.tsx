import type { EtfProduct } from '@common/etf/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { showToast } from '@/ui/feedback'
import { Confirm } from '@/ui/Sheet'
import { adminProductsQueryOptions, etfApi, etfKeys } from '../api'
import own from '../Etf.module.css'

type Action = { code: string; action: 'pause' | 'resume' | 'close' }

/** Console: ETF products. Create, pause, resume, close (closing redeems every holder at NAV). Audited. */
export function EtfsAdminPage() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(adminProductsQueryOptions())
  const [pending, setPending] = useState<Action | null>(null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const status = (s: EtfProduct['status']) =>
    s === 'active' ? t`Active` : s === 'paused' ? t`Paused` : t`Closed`
  const run = async () => {
    if (!pending) return
    setBusy(true)
    try {
      const r = await etfApi.status(pending.code, pending.action, reason)
      showToast(
        pending.action === 'close'
          ? t`Closed: ${r.redeemedHolders} holders redeemed at NAV`
          : pending.action === 'pause'
            ? t`Paused`
            : t`Resumed`,
      )
      await qc.invalidateQueries({ queryKey: etfKeys.all })
      setPending(null)
      setReason('')
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <h2 className={styles.h2}>{t`ETF products`}</h2>
      <p className={styles.muted}>
        {t`NAV comes only from index prices; the console cannot set it. Closing a product redeems every holder at the NAV of that moment, without a fee.`}
      </p>
      <DataTable
        label={t`ETF products`}
        rows={q.data}
        rowKey={(p) => p.code}
        columns={[
          { label: t`Code`, cell: (p) => <strong>{p.code}</strong> },
          { label: t`Name`, cell: (p) => p.name },
          {
            label: t`Kind`,
            cell: (p) =>
              p.kind === 'leveraged'
                ? `${p.underlying} ${p.leverage}x`
                : p.components.map((c) => `${c.base} ${c.weight}`).join(', '),
          },
          { label: t`NAV`, num: true, cell: (p) => (p.nav ? amount(p.nav, { dp: 4 }) : '--') },
          { label: t`Units outstanding`, num: true, cell: (p) => amount(p.supply, { dp: 2 }) },
          { label: t`Status`, cell: (p) => status(p.status) },
          {
            label: t`Actions`,
            cell: (p) =>
              p.status === 'closed' ? (
                '—'
              ) : (
                <span className={own.adminActions}>
                  <button
                    type="button"
                    className={styles.btn}
                    onClick={() =>
                      setPending({ code: p.code, action: p.status === 'paused' ? 'resume' : 'pause' })
                    }
                  >
                    {p.status === 'paused' ? t`Resume` : t`Pause`}
                  </button>
                  <button
                    type="button"
                    className={styles.btnDanger}
                    onClick={() => setPending({ code: p.code, action: 'close' })}
                  >
                    {t`Close`}
                  </button>
                </span>
              ),
          },
        ]}
      />
      <CreateForm />
      {pending && (
        <Confirm
          title={
            pending.action === 'close'
              ? t`Close ${pending.code}?`
              : pending.action === 'pause'
                ? t`Pause ${pending.code}?`
                : t`Resume ${pending.code}?`
          }
          text={
            pending.action === 'close'
              ? t`Every holder is redeemed at the current NAV and the product takes no more orders. This cannot be undone.`
              : undefined
          }
          confirmLabel={t`Confirm`}
          cancelLabel={t`Cancel`}
          busy={busy}
          onConfirm={() => void run()}
          onClose={() => setPending(null)}
        >
          <input
            className={styles.input}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t`Reason (kept in the audit log)`}
            maxLength={200}
          />
        </Confirm>
      )}
    </>
  )
}

function CreateForm() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [f, setF] = useState({
    code: '',
    name: '',
    kind: 'leveraged',
    underlying: 'BTCUSDT',
    leverage: '3',
    components: 'BTCUSDT:0.5, ETHUSDT:0.5',
    subscribeFee: '0.001',
    redeemFee: '0.001',
    minAmount: '10',
  })
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value })
  const create = async () => {
    const components = f.components
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [symbol = '', weight = ''] = s.split(':').map((x) => x.trim())
        return { symbol: symbol.toUpperCase(), weight }
      })
    try {
      await etfApi.create({
        code: f.code,
        name: f.name,
        kind: f.kind,
        subscribeFee: f.subscribeFee,
        redeemFee: f.redeemFee,
        minAmount: f.minAmount,
        ...(f.kind === 'leveraged' ? { underlying: f.underlying, leverage: f.leverage } : { components }),
      })
      showToast(t`Product created`)
      await qc.invalidateQueries({ queryKey: etfKeys.all })
    } catch {
      // The client has shown the server's message.
    }
  }
  return (
    <section className={styles.panel} aria-label={t`New product`}>
      <h3 className={styles.h3}>{t`New product`}</h3>
      <div className={own.adminForm}>
        <label>
          {t`Code`}
          <input value={f.code} onChange={set('code')} placeholder="SOL3L" maxLength={12} />
        </label>
        <label>
          {t`Name`}
          <input value={f.name} onChange={set('name')} maxLength={40} />
        </label>
        <label>
          {t`Kind`}
          <select value={f.kind} onChange={set('kind')}>
            <option value="leveraged">{t`Leveraged`}</option>
            <option value="basket">{t`Basket`}</option>
          </select>
        </label>
        {f.kind === 'leveraged' ? (
          <>
            <label>
              {t`Underlying instrument`}
              <input value={f.underlying} onChange={set('underlying')} />
            </label>
            <label>
              {t`Leverage`}
              <select value={f.leverage} onChange={set('leverage')}>
                <option value="3">{t`3x long`}</option>
                <option value="-3">{t`3x short`}</option>
                <option value="2">{t`2x long`}</option>
                <option value="-2">{t`2x short`}</option>
              </select>
            </label>
          </>
        ) : (
          <label>
            {t`Components (symbol:weight, weights add up to 1)`}
            <input value={f.components} onChange={set('components')} />
          </label>
        )}
        <label>
          {t`Subscription fee`}
          <input value={f.subscribeFee} onChange={set('subscribeFee')} inputMode="decimal" />
        </label>
        <label>
          {t`Redemption fee`}
          <input value={f.redeemFee} onChange={set('redeemFee')} inputMode="decimal" />
        </label>
        <label>
          {t`Minimum (USDT)`}
          <input value={f.minAmount} onChange={set('minAmount')} inputMode="decimal" />
        </label>
        <button type="button" className={styles.btnPrimary} onClick={() => void create()}>
          {t`Create`}
        </button>
      </div>
    </section>
  )
}
