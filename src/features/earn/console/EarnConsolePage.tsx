import type { EarnTotals, StakingProduct } from '@common/earn/schema'
import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { useConsoleAction } from '@/ui/console/use-console-action'
import { pct } from '../format'

import { ProjectForm, type ProjectRow } from './ProjectForm'
import { FundPool, ProductForm } from './StakingForms'

const key = ['admin', 'earn'] as const
const overviewQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => http.get<EarnTotals>('admin/earn/overview', undefined, { signal }),
  })

/**
 * Console: staking products and pools, subscription projects. Every change is audited on the
 * server; nothing here sets a user's allocation.
 */
export function EarnConsolePage() {
  const { t } = useLingui()
  const { amount, locale } = useFormat()
  const q = useQuery(overviewQuery())
  const [product, setProduct] = useState<StakingProduct | 'new' | null>(null)
  const [project, setProject] = useState<ProjectRow | 'new' | null>(null)
  const { act: run, reload: refresh } = useConsoleAction(key)
  const act = (url: string, body: unknown, done: string) =>
    run(() => http.post(url, body, { loading: true }), done)
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
