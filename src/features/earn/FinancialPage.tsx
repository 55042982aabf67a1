import type { StakingProduct } from '@common/earn/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { tokenAtom } from '@/lib/store'
import { PageHeader } from '@/ui/PageHeader'
import { Stat } from '@/ui/Stat'
import { productsQueryOptions } from './api'
import styles from './Earn.module.css'
import { pct, share } from './format'
import { StakeSheet } from './StakeSheet'
import { CoinBadge, EarnTabs } from './shared'

/** pages/financial/index (public): the staking products; logged-in users stake from a sheet. */
export function FinancialPage() {
  const { t } = useLingui()
  const q = useQuery(productsQueryOptions())
  const logged = Boolean(useAtomValue(tokenAtom))
  const navigate = useNavigate()
  const [open, setOpen] = useState<StakingProduct | null>(null)
  const onStake = (p: StakingProduct) => {
    if (!logged) void navigate({ to: '/pages/login/index' })
    else setOpen(p)
  }
  return (
    <>
      <PageHeader
        title={t`Financial`}
        backLabel={t`Back`}
        right={
          logged ? (
            <Link to="/pages/financial/record" className={styles.headLink} data-testid="staking-orders-link">
              {t({ message: 'Orders', context: 'purchases' })}
            </Link>
          ) : null
        }
      />
      <EarnTabs current="staking" />
      <div className={styles.page}>
        <section className={styles.hero}>
          <h2>{t`Stake and earn every day`}</h2>
          <p>
            {t`Lock coins from your finance account for a fixed cycle. Rewards are paid daily from the rewards pool and released with your principal when the cycle ends.`}
          </p>
        </section>
        <ul className={styles.cards} aria-label={t`Staking products`} data-testid="staking-products">
          {q.data?.map((p) => (
            <ProductCard key={p.id} p={p} onStake={() => onStake(p)} />
          ))}
        </ul>
      </div>
      {open && <StakeSheet product={open} onClose={() => setOpen(null)} />}
    </>
  )
}

function ProductCard({ p, onStake }: { p: StakingProduct; onStake: () => void }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const used = share(p.staked, p.quota)
  const paused = p.status !== 'active'
  return (
    <li className={styles.card} data-testid={`product-${p.id}`}>
      <div className={styles.cardTop}>
        <CoinBadge coin={p.asset} />
        <div className={styles.name}>
          <strong>{p.asset}</strong>
          <span>{t`${p.cycleDays} days`}</span>
        </div>
        <span className={p.earlyRedeem ? styles.tagOpen : styles.tag}>
          {p.earlyRedeem ? t`Early redemption` : t`Locked`}
        </span>
      </div>
      <div className={styles.rateRow}>
        <div className={styles.rate}>
          <strong>{pct(p.apr)}%</strong>
          <span>{p.rateKind === 'daily' ? t`APR (daily ${pct(p.rate, 4)}%)` : t`APR`}</span>
        </div>
        <button type="button" className={styles.btn} onClick={onStake} disabled={paused}>
          {paused ? t`Paused` : t`Stake`}
        </button>
      </div>
      <dl className={styles.stats}>
        <Stat label={t`Minimum`}>{amount(p.minAmount)}</Stat>
        <Stat label={t`Maximum`}>{amount(p.maxAmount)}</Stat>
        <Stat label={t`Total quota`}>{amount(p.quota)}</Stat>
      </dl>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuenow={Math.round(used)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t`Quota used`}
      >
        <span style={{ width: `${used}%` }} />
      </div>
      <div className={styles.barText}>
        <span>{t`Quota used`}</span>
        <span>{amount(used.toFixed(2), { dp: 2 })}%</span>
      </div>
    </li>
  )
}
