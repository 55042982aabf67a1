import type {
  EarnTotals,
  ProductInput,
  ProjectInput,
  StakingProduct,
  SubscriptionProject,
} from '@common/earn/schema'
import { formInt } from '@common/validate/strict'
import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { DecimalField } from '@/ui/console/DecimalField'
import { dateTime } from '@/ui/console/date-time'
import { showToast } from '@/ui/feedback'
import { pct } from '../format'

const key = ['admin', 'earn'] as const
const overviewQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => http.get<EarnTotals>('admin/earn/overview', undefined, { signal }),
  })

type ProjectRow = SubscriptionProject & { coinPrecision: number }

/**
 * Console: staking products and pools, subscription projects. Every change is audited on the
 * server; nothing here sets a user's allocation.
 */
export function EarnConsolePage() {
  const { t } = useLingui()
  const { amount, locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(overviewQuery())
  const [product, setProduct] = useState<StakingProduct | 'new' | null>(null)
  const [project, setProject] = useState<ProjectRow | 'new' | null>(null)
  const refresh = () => qc.invalidateQueries({ queryKey: key })
  const act = async (url: string, body: unknown, done: string) => {
    try {
      await http.post(url, body, { loading: true })
      showToast(done)
      await refresh()
    } catch {
      // the client showed the error
    }
  }
  const d = q.data
  return (
    <>
      <h2 className={styles.h2}>{t`Staking and launchpad`}</h2>
      <p className={styles.muted}>
        {t`Products and projects are set here; rewards, state changes and allocations are computed by the schedulers. Nothing here sets a user's allocation.`}
      </p>

      <section className={styles.panel} aria-label={t`Rewards pools`}>
        <h3 className={styles.h3}>{t`Rewards pools`}</h3>
        <DataTable
          label={t`Rewards pools`}
          rows={d?.pools}
          rowKey={(r) => r.asset}
          columns={[
            { label: t`Coin`, cell: (r) => r.asset },
            { label: t`Pool balance`, num: true, cell: (r) => amount(r.balance) },
            { label: t`Owed to earning orders`, num: true, cell: (r) => amount(r.owed) },
          ]}
        />
        <FundPool onDone={refresh} />
        <DataTable
          label={t`Staking totals`}
          rows={d?.staking}
          rowKey={(r) => r.asset}
          columns={[
            { label: t`Coin`, cell: (r) => r.asset },
            { label: t`Earning principal`, num: true, cell: (r) => amount(r.earning) },
            { label: t`Earning orders`, num: true, cell: (r) => r.orders },
            { label: t`Rewards paid`, num: true, cell: (r) => amount(r.rewardsPaid) },
          ]}
        />
      </section>

      <section className={styles.panel} aria-label={t`Staking products`}>
        <div className={styles.row}>
          <h3 className={styles.h3}>{t`Staking products`}</h3>
          <button type="button" className={styles.btnPrimary} onClick={() => setProduct('new')}>
            {t`New product`}
          </button>
        </div>
        <DataTable
          label={t`Staking products`}
          rows={d?.products}
          rowKey={(r) => r.id}
          columns={[
            { label: t`Coin`, cell: (r) => r.asset },
            { label: t`Cycle`, cell: (r) => t`${r.cycleDays} days` },
            { label: t`APR`, num: true, cell: (r) => `${pct(r.apr)}%` },
            {
              label: t`Min - max`,
              num: true,
              cell: (r) => `${amount(r.minAmount)} - ${amount(r.maxAmount)}`,
            },
            { label: t`Staked / quota`, num: true, cell: (r) => `${amount(r.staked)} / ${amount(r.quota)}` },
            { label: t`Early redemption`, cell: (r) => (r.earlyRedeem ? t`Allowed` : t`Not allowed`) },
            {
              label: t`Actions`,
              cell: (r) => (
                <span className={styles.chips}>
                  <button type="button" className={styles.btn} onClick={() => setProduct(r)}>
                    {t`Edit`}
                  </button>
                  <button
                    type="button"
                    className={r.status === 'active' ? styles.btnDanger : styles.btn}
                    onClick={() =>
                      void act(
                        'admin/earn/product/pause',
                        { id: r.id, paused: r.status === 'active' },
                        t`Saved`,
                      )
                    }
                  >
                    {r.status === 'active' ? t`Pause` : t`Resume`}
                  </button>
                </span>
              ),
            },
          ]}
        />
        {product && (
          <ProductForm
            key={product === 'new' ? 'new' : product.id}
            p={product === 'new' ? null : product}
            onDone={() => {
              setProduct(null)
              void refresh()
            }}
          />
        )}
      </section>

      <section className={styles.panel} aria-label={t`Subscription projects`}>
        <div className={styles.row}>
          <h3 className={styles.h3}>{t`Subscription projects`}</h3>
          <button type="button" className={styles.btnPrimary} onClick={() => setProject('new')}>
            {t`New project`}
          </button>
        </div>
        <DataTable
          label={t`Subscription projects`}
          rows={d?.projects}
          rowKey={(r) => r.id}
          columns={[
            { label: t`Project`, cell: (r) => `${r.name} (${r.coin})` },
            { label: t`State`, cell: (r) => (r.paused ? `${r.state} · ${t`Paused`}` : r.state) },
            { label: t`Price`, num: true, cell: (r) => `${amount(r.price)} ${r.currency}` },
            { label: t`Supply`, num: true, cell: (r) => amount(r.supply) },
            { label: t`Committed`, num: true, cell: (r) => amount(r.committed) },
            { label: t`Participants`, num: true, cell: (r) => r.participants },
            {
              label: t`Allocated / raised`,
              num: true,
              cell: (r) => (r.allocated ? `${amount(r.allocated)} / ${amount(r.raised ?? '0')}` : '--'),
            },
            { label: t`Start time`, cell: (r) => dateTime(r.startAt, locale) },
            { label: t`Announcement time`, cell: (r) => dateTime(r.announceAt, locale) },
            {
              label: t`Actions`,
              cell: (r) => (
                <span className={styles.chips}>
                  {r.state === 'preheat' && (
                    <button type="button" className={styles.btn} onClick={() => setProject(r)}>
                      {t`Edit`}
                    </button>
                  )}
                  {r.state !== 'announced' && (
                    <button
                      type="button"
                      className={r.paused ? styles.btn : styles.btnDanger}
                      onClick={() =>
                        void act('admin/earn/project/pause', { id: r.id, paused: !r.paused }, t`Saved`)
                      }
                    >
                      {r.paused ? t`Resume` : t`Pause`}
                    </button>
                  )}
                </span>
              ),
            },
          ]}
        />
        {project && (
          <ProjectForm
            key={project === 'new' ? 'new' : project.id}
            p={project === 'new' ? null : project}
            onDone={() => {
              setProject(null)
              void refresh()
            }}
          />
        )}
      </section>
    </>
  )
}

function FundPool({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const [f, setF] = useState({ asset: 'USDT', amount: '', reason: '' })
  const submit = async () => {
    try {
      await http.post('admin/earn/pool/fund', f, { loading: true })
      showToast(t`Pool funded from the treasury`)
      setF({ ...f, amount: '', reason: '' })
      onDone()
    } catch {
      // the client showed the error
    }
  }
  return (
    <div className={styles.filters}>
      <label className={styles.muted}>
        {t`Coin`}
        <input
          className={styles.input}
          value={f.asset}
          size={6}
          onChange={(e) => setF({ ...f, asset: e.target.value.trim().toUpperCase() })}
        />
      </label>
      <DecimalField label={t`Amount`} value={f.amount} onChange={(amount) => setF({ ...f, amount })} />
      <label className={styles.muted}>
        {t`Reason`}
        <input
          className={styles.input}
          value={f.reason}
          onChange={(e) => setF({ ...f, reason: e.target.value })}
        />
      </label>
      <button type="button" className={styles.btnPrimary} disabled={!f.amount} onClick={() => void submit()}>
        {t`Fund pool`}
      </button>
    </div>
  )
}

function ProductForm({ p, onDone }: { p: StakingProduct | null; onDone: () => void }) {
  const { t } = useLingui()
  const [f, setF] = useState<Omit<ProductInput, 'cycleDays'> & { cycleDays: string }>({
    asset: p?.asset ?? 'USDT',
    cycleDays: String(p?.cycleDays ?? 30),
    rate: p?.rate ?? '0.05',
    rateKind: p?.rateKind ?? 'annual',
    minAmount: p?.minAmount ?? '100',
    maxAmount: p?.maxAmount ?? '10000',
    quota: p?.quota ?? '1000000',
    earlyRedeem: p?.earlyRedeem ?? false,
    reason: '',
  })
  const submit = async () => {
    try {
      const body = { ...f, cycleDays: formInt(f.cycleDays) }
      await http.post(
        p ? 'admin/earn/product/edit' : 'admin/earn/product/create',
        p ? { id: p.id, ...body } : body,
        {
          loading: true,
        },
      )
      showToast(t`Saved`)
      onDone()
    } catch {
      // the client showed the error
    }
  }
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.h3}>{p ? t`Edit product` : t`New product`}</legend>
      <label className={styles.muted}>
        {t`Coin`}
        <input
          className={styles.input}
          size={6}
          value={f.asset}
          onChange={(e) => setF({ ...f, asset: e.target.value.trim().toUpperCase() })}
        />
      </label>
      <DecimalField
        label={t`Cycle (days)`}
        size={5}
        value={f.cycleDays}
        onChange={(cycleDays) => setF({ ...f, cycleDays })}
      />
      <DecimalField
        label={t({ message: 'Rate', context: 'interest' })}
        size={8}
        value={f.rate}
        onChange={(rate) => setF({ ...f, rate })}
      />
      <label className={styles.muted}>
        {t`Rate per`}
        <select
          className={styles.select}
          value={f.rateKind}
          onChange={(e) => setF({ ...f, rateKind: e.target.value as 'annual' | 'daily' })}
        >
          <option value="annual">{t`Year`}</option>
          <option value="daily">{t`Day`}</option>
        </select>
      </label>
      <DecimalField
        label={t`Minimum`}
        value={f.minAmount}
        onChange={(minAmount) => setF({ ...f, minAmount })}
      />
      <DecimalField
        label={t`Maximum`}
        value={f.maxAmount}
        onChange={(maxAmount) => setF({ ...f, maxAmount })}
      />
      <DecimalField label={t`Total quota`} value={f.quota} onChange={(quota) => setF({ ...f, quota })} />
      <label className={styles.muted}>
        <input
          type="checkbox"
          checked={f.earlyRedeem}
          onChange={(e) => setF({ ...f, earlyRedeem: e.target.checked })}
        />{' '}
        {t`Early redemption allowed`}
      </label>
      <label className={styles.muted}>
        {t`Reason`}
        <input
          className={styles.input}
          value={f.reason ?? ''}
          onChange={(e) => setF({ ...f, reason: e.target.value })}
        />
      </label>
      <button type="button" className={styles.btnPrimary} onClick={() => void submit()}>
        {t`Save`}
      </button>
    </fieldset>
  )
}

const toLocal = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}
const fromLocal = (s: string) => new Date(s).getTime()

function ProjectForm({ p, onDone }: { p: ProjectRow | null; onDone: () => void }) {
  const { t } = useLingui()
  const day = 86_400_000
  const base = Date.now() + day
  const [f, setF] = useState({
    name: p?.name ?? '',
    coin: p?.coin ?? '',
    coinName: p?.coinName ?? '',
    coinPrecision: String(p?.coinPrecision ?? 4),
    description: p?.description ?? '',
    currency: p?.currency ?? 'USDT',
    price: p?.price ?? '',
    supply: p?.supply ?? '',
    minAmount: p?.minAmount ?? '10',
    maxAmount: p?.maxAmount ?? '10000',
    startAt: toLocal(p?.startAt ?? base),
    closeAt: toLocal(p?.closeAt ?? base + 7 * day),
    announceAt: toLocal(p?.announceAt ?? base + 8 * day),
    listingAt: toLocal(p?.listingAt ?? base + 10 * day),
    reason: '',
  })
  const submit = async () => {
    const body: ProjectInput = {
      ...f,
      coinPrecision: formInt(f.coinPrecision),
      startAt: fromLocal(f.startAt),
      closeAt: fromLocal(f.closeAt),
      announceAt: fromLocal(f.announceAt),
      listingAt: fromLocal(f.listingAt),
    }
    try {
      await http.post(
        p ? 'admin/earn/project/edit' : 'admin/earn/project/create',
        p ? { id: p.id, ...body } : body,
        {
          loading: true,
        },
      )
      showToast(t`Saved`)
      onDone()
    } catch {
      // the client showed the error
    }
  }
  const text = (k: keyof typeof f, label: string, size = 12) => (
    <label className={styles.muted} key={k}>
      {label}
      <input
        className={styles.input}
        size={size}
        value={f[k]}
        onChange={(e) => setF({ ...f, [k]: e.target.value })}
      />
    </label>
  )
  const time = (k: 'startAt' | 'closeAt' | 'announceAt' | 'listingAt', label: string) => (
    <label className={styles.muted} key={k}>
      {label}
      <input
        className={styles.input}
        type="datetime-local"
        value={f[k]}
        onChange={(e) => setF({ ...f, [k]: e.target.value })}
      />
    </label>
  )
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.h3}>{p ? t`Edit project` : t`New project`}</legend>
      {text('name', t`Project name`)}
      {p ? <span className={styles.muted}>{p.coin}</span> : text('coin', t`Coin code`, 6)}
      {text('coinName', t`Coin name`)}
      {!p && text('coinPrecision', t`Coin decimals`, 3)}
      {text('currency', t`Subscription currency`, 6)}
      {text('price', t`Issue price`, 8)}
      {text('supply', t`Supply for sale`, 10)}
      {text('minAmount', t`Minimum per user`, 8)}
      {text('maxAmount', t`Maximum per user`, 8)}
      {time('startAt', t`Start time`)}
      {time('closeAt', t`Close time`)}
      {time('announceAt', t`Announcement time`)}
      {time('listingAt', t`Expected listing`)}
      <label className={`${styles.muted} ${styles.grow}`}>
        {t`Description`}
        <textarea
          className={styles.input}
          rows={3}
          value={f.description}
          onChange={(e) => setF({ ...f, description: e.target.value })}
        />
      </label>
      {text('reason', t`Reason`)}
      <button type="button" className={styles.btnPrimary} onClick={() => void submit()}>
        {t`Save`}
      </button>
    </fieldset>
  )
}
