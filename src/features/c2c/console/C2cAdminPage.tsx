import type { C2cOrder } from '@common/c2c/schema'
import { formInt } from '@common/validate/strict'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { ConsoleChips } from '@/ui/console/ConsoleChips'
import { DataTable } from '@/ui/console/DataTable'
import { DecimalField } from '@/ui/console/DecimalField'
import { dateTime } from '@/ui/console/date-time'
import { ReasonAction } from '@/ui/console/ReasonAction'
import { showToast } from '@/ui/feedback'
import { imagePath } from '../api'
import { ORDER_STATUS, OUTCOME, systemText } from '../labels'
import {
  adminC2cKeys,
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  appealsQueryOptions,
  merchantsQueryOptions,
} from './api'

type Tab = 'appeals' | 'orders' | 'merchants'

/** C2C in the console: the appeals queue (order, chat and evidence side by side), order search, merchants. */
export function C2cAdminPage() {
  const { t } = useLingui()
  const [tab, setTab] = useState<Tab>('appeals')
  const tabs: [Tab, string][] = [
    ['appeals', t`Appeals`],
    ['orders', t({ message: 'Orders', context: 'purchases' })],
    ['merchants', t`Merchants`],
  ]
  return (
    <>
      <h2 className={styles.h2}>{t`C2C`}</h2>
      <ConsoleChips label={t`C2C`} value={tab} options={tabs} onChange={setTab} />
      {tab === 'appeals' && <Appeals />}
      {tab === 'orders' && <Orders />}
      {tab === 'merchants' && <Merchants />}
    </>
  )
}

function OrderTable({ rows, onOpen }: { rows: C2cOrder[] | undefined; onOpen: (id: string) => void }) {
  const { t, i18n } = useLingui()
  const { amount, locale } = useFormat()
  return (
    <DataTable
      label={t({ message: 'Orders', context: 'purchases' })}
      rows={rows}
      rowKey={(o) => o.id}
      columns={[
        { label: t`Order`, cell: (o) => o.id },
        { label: t`Buyer`, cell: (o) => o.buyer.nickname },
        { label: t`Seller`, cell: (o) => o.seller.nickname },
        { label: t`Quantity`, num: true, cell: (o) => `${amount(o.quantity)} ${o.coin}` },
        {
          label: t({ message: 'Amount', context: 'fiat sum' }),
          num: true,
          cell: (o) => `${amount(o.amount)} ${o.fiat}`,
        },
        { label: t`Status`, cell: (o) => i18n._(ORDER_STATUS[o.status]) },
        { label: t`Created`, cell: (o) => dateTime(o.createdAt, locale) },
        {
          label: t`Open`,
          cell: (o) => (
            <button
              type="button"
              className={styles.btn}
              onClick={() => onOpen(o.id)}
              data-testid="c2c-admin-open"
            >
              {t`Open`}
            </button>
          ),
        },
      ]}
    />
  )
}

function Appeals() {
  const { t } = useLingui()
  const [status, setStatus] = useState<'open' | 'suggested' | 'decided'>('open')
  const [open, setOpen] = useState<string | null>(null)
  const q = useQuery(appealsQueryOptions(status))
  const labels = { open: t`Waiting for a decision`, suggested: t`Settlement suggested`, decided: t`Decided` }
  return (
    <section className={styles.panel} aria-label={t`Appeals`}>
      <ConsoleChips
        label={t`Status`}
        value={status}
        options={(['open', 'suggested', 'decided'] as const).map((s) => [s, labels[s]] as const)}
        onChange={setStatus}
      />
      <OrderTable rows={q.data} onOpen={setOpen} />
      {open && <Detail id={open} onDone={() => setOpen(null)} />}
    </section>
  )
}

function Orders() {
  const { t, i18n } = useLingui()
  const [status, setStatus] = useState('')
  const [term, setTerm] = useState('')
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState<string | null>(null)
  const q = useQuery(adminOrdersQueryOptions(status, search))
  return (
    <section className={styles.panel} aria-label={t({ message: 'Orders', context: 'purchases' })}>
      <form
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault()
          setSearch(term.trim())
        }}
      >
        <select
          className={styles.select}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          aria-label={t`Status`}
        >
          <option value="">{t`All`}</option>
          {Object.entries(ORDER_STATUS).map(([k, d]) => (
            <option key={k} value={k}>
              {i18n._(d)}
            </option>
          ))}
        </select>
        <input
          className={styles.input}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t`Order number, UID, e-mail or phone`}
          aria-label={t`Search`}
        />
        <button type="submit" className={styles.btn}>
          {t`Search`}
        </button>
      </form>
      <OrderTable rows={q.data} onOpen={setOpen} />
      {open && <Detail id={open} onDone={() => setOpen(null)} />}
    </section>
  )
}

function Detail({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const { amount, locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(adminOrderQueryOptions(id))
  const [toBuyer, setToBuyer] = useState('')
  const d = q.data
  if (!d) return null
  const o = d.order
  const person = (uid: string) => {
    const p = d.people.find((x) => x.id === uid)
    return p ? `${p.nickname} · ${p.real_name ?? '—'} · ${p.email ?? p.phone ?? ''} (UID ${p.uid})` : uid
  }
  const post = async (path: string, body: Record<string, string>) => {
    await http.post(path, { id: o.id, ...body }, { loading: true })
    showToast(t`Operation success`)
    await qc.invalidateQueries({ queryKey: adminC2cKeys.root })
    onDone()
  }
  const deciding = o.status === 'appeal'
  return (
    <section className={styles.panel} aria-label={t`Order ${o.id}`} data-testid="c2c-admin-detail">
      <h3 className={styles.h3}>{t`Order ${o.id}`}</h3>
      <div className={styles.row} style={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <dl className={styles.kv} style={{ flex: '1 1 320px' }}>
          <dt>{t`Status`}</dt>
          <dd>{i18n._(ORDER_STATUS[o.status])}</dd>
          <dt>{t`Buyer`}</dt>
          <dd>{person(o.buyer.id ?? o.buyer.handle)}</dd>
          <dt>{t`Seller`}</dt>
          <dd>{person(o.seller.id ?? o.seller.handle)}</dd>
          <dt>{t`Quantity`}</dt>
          <dd>{`${amount(o.quantity)} ${o.coin} · ${amount(o.price)} ${o.fiat}`}</dd>
          <dt>{t({ message: 'Amount', context: 'fiat sum' })}</dt>
          <dd>{`${amount(o.amount)} ${o.fiat}`}</dd>
          <dt>{t`Created`}</dt>
          <dd>{dateTime(o.createdAt, locale)}</dd>
          <dt>{t`Paid`}</dt>
          <dd>{dateTime(o.paidAt, locale)}</dd>
          {o.appeal && (
            <>
              <dt>{t`Appeal`}</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>
                {`${o.appeal.openedBy === 'buyer' ? t`Buyer` : t`Seller`}: ${o.appeal.content}`}
              </dd>
              {o.appeal.outcome && (
                <>
                  <dt>{t`Decision`}</dt>
                  <dd>{`${i18n._(OUTCOME[o.appeal.outcome])} · ${o.appeal.reason ?? ''}`}</dd>
                </>
              )}
              {o.appeal.suggestion && (
                <>
                  <dt>{t`Suggested settlement`}</dt>
                  <dd>
                    {`${amount(o.appeal.suggestion.toBuyer)} ${o.coin} · ${t`Buyer`}: ${o.appeal.suggestion.buyer ?? '—'} · ${t`Seller`}: ${o.appeal.suggestion.seller ?? '—'}`}
                  </dd>
                </>
              )}
            </>
          )}
        </dl>
        <div style={{ flex: '1 1 320px' }}>
          <h4 className={styles.muted}>{t`Chat`}</h4>
          <ul className={styles.list} data-testid="c2c-admin-chat">
            {d.messages.map((m) => (
              <li key={m.id}>
                <strong>{m.from}</strong> {m.from === 'system' ? systemText(i18n, m.body) : m.body}
                {m.image && <AuthedPhoto path={imagePath(o.id, m.image)} label={t`Picture`} />}
                <span className={styles.muted}> · {dateTime(m.createdAt, locale)}</span>
              </li>
            ))}
          </ul>
          <h4 className={styles.muted}>{t`Evidence`}</h4>
          <div className={styles.photos}>
            {o.proof && <AuthedPhoto path={imagePath(o.id, o.proof)} label={t`Payment proof`} />}
            {o.appeal?.evidence.map((u) => (
              <AuthedPhoto key={u} path={imagePath(o.id, u)} label={t`Evidence`} />
            ))}
          </div>
        </div>
      </div>
      {deciding && (
        <div className={styles.filters}>
          <ReasonAction
            label={t`Buyer wins: release`}
            confirmLabel={t`Release to the buyer`}
            onConfirm={(reason) => post('admin/c2c/decide', { outcome: 'buyer', reason })}
          />
          <ReasonAction
            label={t`Seller wins: return`}
            confirmLabel={t`Return to the seller`}
            onConfirm={(reason) => post('admin/c2c/decide', { outcome: 'seller', reason })}
          />
          <ReasonAction
            label={t`Reject appeal`}
            confirmLabel={t`Reject`}
            danger
            onConfirm={(reason) => post('admin/c2c/decide', { outcome: 'reject', reason })}
          />
          <DecimalField label={t`Settlement: ${o.coin} to the buyer`} value={toBuyer} onChange={setToBuyer} />
          {/^\d+(\.\d+)?$/.test(toBuyer) && (
            <ReasonAction
              label={t`Suggest settlement`}
              confirmLabel={t`Suggest`}
              onConfirm={(reason) => post('admin/c2c/suggest', { toBuyer, reason })}
            />
          )}
        </div>
      )}
    </section>
  )
}

function Merchants() {
  const { t } = useLingui()
  const { locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(merchantsQueryOptions())
  const [uid, setUid] = useState('')
  const set = async (u: number | string, merchant: boolean) => {
    await http.post(
      'admin/c2c/merchant',
      { uid: typeof u === 'number' ? u : formInt(u), merchant },
      { loading: true },
    )
    showToast(t`Operation success`)
    setUid('')
    await qc.invalidateQueries({ queryKey: adminC2cKeys.root })
  }
  return (
    <section className={styles.panel} aria-label={t`Merchants`}>
      <form
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault()
          if (/^\d+$/.test(uid)) void set(uid, true).catch(() => undefined)
        }}
      >
        <input
          className={styles.input}
          value={uid}
          onChange={(e) => setUid(e.target.value.trim())}
          placeholder="UID"
          aria-label="UID"
          inputMode="numeric"
        />
        <button type="submit" className={styles.btnPrimary}>
          {t`Mark as merchant`}
        </button>
      </form>
      <DataTable
        label={t`Merchants`}
        rows={q.data}
        rowKey={(m) => m.id}
        columns={[
          { label: 'UID', cell: (m) => m.uid },
          { label: t`Nickname`, cell: (m) => m.nickname },
          { label: t`Contact`, cell: (m) => m.email ?? m.phone ?? '' },
          { label: t`Since`, cell: (m) => dateTime(m.createdAt, locale) },
          {
            label: t`Remove`,
            cell: (m) => (
              <button
                type="button"
                className={styles.btnDanger}
                onClick={() => void set(m.uid, false).catch(() => undefined)}
              >
                {t`Remove`}
              </button>
            ),
          },
        ]}
      />
    </section>
  )
}
