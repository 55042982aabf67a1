import type { SubscriptionProject } from '@common/earn/schema'
import { mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { useNow } from '@/lib/use-now'
import { PageHeader } from '@/ui/PageHeader'
import { Stat } from '@/ui/Stat'
import { projectsQueryOptions } from './api'
import styles from './Earn.module.css'
import { CoinBadge, CommitProgress, Countdown, EarnTabs, useStateLabels } from './shared'

/** pages/buycoin/index: the coin subscription projects with their state and countdowns. */
export function BuyCoinPage() {
  const { t } = useLingui()
  const q = useQuery(projectsQueryOptions())
  const now = useNow()
  return (
    <>
      <PageHeader title={t`Launchpad`} backLabel={t`Back`} />
      <EarnTabs current="launch" />
      <div className={styles.page}>
        <section className={styles.hero}>
          <h2>{t`Subscribe to new coins`}</h2>
          <p>
            {t`Commit funds from your finance account while a project is open. If it is oversubscribed, coins are shared pro rata and the rest of your commitment comes back.`}
          </p>
        </section>
        <ul className={styles.cards} aria-label={t`Projects`} data-testid="projects">
          {q.data?.map((p) => (
            <ProjectCard key={p.id} p={p} now={now} />
          ))}
        </ul>
      </div>
    </>
  )
}

export function useProjectClock(p: SubscriptionProject | undefined, now: number) {
  const { t } = useLingui()
  if (!p || p.paused) return null
  if (p.state === 'preheat') return { label: t`Starts in`, at: p.startAt }
  if (p.state === 'open') return { label: t`Ends in`, at: p.closeAt }
  if (p.state === 'closed') return { label: t`Result in`, at: p.announceAt }
  return now < p.listingAt ? { label: t`Listing in`, at: p.listingAt } : null
}

function ProjectCard({ p, now }: { p: SubscriptionProject; now: number }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const labels = useStateLabels()
  const clock = useProjectClock(p, now)
  const target = mul(p.supply, p.price)
  return (
    <li>
      <Link
        to="/pages/buycoin/detail"
        search={{ id: Number(p.id) }}
        className={styles.card}
        data-testid={`project-${p.coin}`}
      >
        <div className={styles.cardTop}>
          <CoinBadge coin={p.coin} />
          <div className={styles.name}>
            <strong>{p.name}</strong>
            <span>{p.coin}</span>
          </div>
          <span
            className={
              p.state === 'open' ? styles.tagOpen : p.state === 'preheat' ? styles.tagWarm : styles.tag
            }
          >
            {p.paused ? t`Paused` : labels.project[p.state]}
          </span>
        </div>
        <dl className={styles.stats}>
          <Stat label={t`Issue price`}>
            {amount(p.price)} {p.currency}
          </Stat>
          <Stat label={t`Supply`}>{amount(p.supply)}</Stat>
          <Stat label={t`Participants`}>{p.participants}</Stat>
        </dl>
        <CommitProgress committed={p.committed} target={target} currency={p.currency} />
        {clock ? (
          <Countdown label={clock.label} at={clock.at} now={now} />
        ) : (
          <span className={styles.muted}>
            {t`Listing`} {when(p.listingAt)}
          </span>
        )}
      </Link>
    </li>
  )
}
