import type { TierOrNone } from '@common/invite/rules'
import { LEADERBOARD_KINDS, type LeaderboardKind } from '@common/invite/schema'
import { div, gt, lt, mul, normalize, sub, toFixed } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { Cell, CellGroup } from '@/ui/CellList'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { PageHeader } from '@/ui/PageHeader'
import { Switch } from '@/ui/Switch'
import { boardQueryOptions, inviteApi, inviteKeys, prefsQueryOptions, vipQueryOptions } from './api'
import styles from './Invite.module.css'
import { pct, TIER_LABELS } from './labels'

/** Progress (0-100) from 0 to the next tier's threshold, exact to one decimal. */
function progress(assets: string, target: string): string {
  if (!gt(target, '0')) return '100'
  const p = toFixed(div(mul(assets, '100'), target, 4, 'down'), 1, 'down')
  return lt(p, '0') ? '0' : gt(p, '100') ? '100' : normalize(p)
}

/** The VIP centre (pages/mine/vip): tier, snapshots, progress, benefits, mining level and the leaderboard. */
export function VipPage() {
  const { t, i18n } = useLingui()
  const { amount } = useFormat()
  const vip = useQuery(vipQueryOptions())
  const v = vip.data
  const tierName = (tier: TierOrNone) => i18n._(TIER_LABELS[tier])
  const discount = (factor: string) => pct(sub('1', factor))

  return (
    <>
      <PageHeader title={t`VIP centre`} backLabel={t`Back`} />
      <div className={styles.page}>
        <section className={styles.hero} aria-label={t`My VIP tier`}>
          <span style={{ fontSize: 12, opacity: 0.85 }}>{t`My VIP tier`}</span>
          <span className={styles.tier} data-testid="vip-tier">
            {v ? tierName(v.tier) : '--'}
          </span>
          <p>
            {t`Total assets`}: {v ? `${amount(v.assets, { dp: 2 })} USDT` : '--'}
          </p>
          {v?.next && (
            <>
              <div
                className={styles.bar}
                role="progressbar"
                aria-valuenow={Number(progress(v.assets, v.next.minAssets))}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={t`Progress to ${tierName(v.next.tier)}`}
              >
                <i style={{ width: `${progress(v.assets, v.next.minAssets)}%` }} />
              </div>
              <p data-testid="vip-next">
                {gt(v.next.missing, '0')
                  ? t`${amount(v.next.missing, { dp: 2 })} USDT more to ${tierName(v.next.tier)}`
                  : t`${tierName(v.next.tier)} applies from the next daily snapshot`}
              </p>
            </>
          )}
          {v && v.tier !== 'none' && (
            <p>{t`Trading fees: ${discount(v.feeFactor)} off spot and perpetual fees`}</p>
          )}
        </section>

        {v?.shortfallDaysLeft != null && (
          <p className={styles.warn} role="status" data-testid="vip-countdown">
            {t`Your assets are below the ${tierName(v.tier)} threshold: the special fee ends in ${v.shortfallDaysLeft} days unless a daily snapshot reaches it again.`}
          </p>
        )}

        <section className={styles.card} aria-label={t`Tiers and benefits`}>
          <h3>{t`Tiers and benefits`}</h3>
          <table className={styles.table} data-testid="vip-benefits">
            <thead>
              <tr>
                <th>{t`Tier`}</th>
                <th>{t`Total assets (USDT)`}</th>
                <th>{t`Fee discount`}</th>
              </tr>
            </thead>
            <tbody>
              {(v?.tiers ?? []).map((r) => (
                <tr key={r.tier} className={v?.tier === r.tier ? styles.current : undefined}>
                  <td>{tierName(r.tier)}</td>
                  <td>≥ {amount(r.minAssets)}</td>
                  <td>{discount(r.feeFactor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.muted}>
            <Trans>
              Tiers come from a daily snapshot of your total assets (00:00-24:00 UTC+8, valued at the index),
              updated between 00:00 and 08:00. A higher tier applies at once; after 7 days in a row below your
              tier's threshold its special fee ends. An order keeps the fee of the tier in force when it was
              placed.
            </Trans>
          </p>
        </section>

        <section className={styles.card} aria-label={t`Mining level`}>
          <h3>{t`Mining level`}</h3>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <b data-testid="mining-level">{v ? v.mining.level : '--'}</b>
              <span>{t`Level`}</span>
            </div>
            <div className={styles.stat}>
              <b>{v ? amount(v.mining.points) : '--'}</b>
              <span>{t`Points`}</span>
            </div>
            <div className={styles.stat}>
              <b>{v ? amount(v.mining.staked, { dp: 2 }) : '--'}</b>
              <span>{t`Staked (USDT)`}</span>
            </div>
          </div>
          <p className={styles.muted}>
            <Trans>
              Points = staked value / 100 + 30-day trading volume / 10,000 (both in USDT). Levels 1 to 5 start
              at 10, 100, 1,000, 10,000 and 100,000 points.
            </Trans>
          </p>
        </section>

        <section className={styles.card} aria-label={t`Snapshot history`}>
          <h3>{t`Snapshot history`}</h3>
          {v && v.history.length === 0 && (
            <p
              className={styles.muted}
            >{t`No snapshot yet: the first is taken after the current day ends (UTC+8).`}</p>
          )}
          {v && v.history.length > 0 && (
            <table className={styles.table} data-testid="vip-history">
              <thead>
                <tr>
                  <th>{t`Day`}</th>
                  <th>{t`Total assets (USDT)`}</th>
                  <th>{t`Tier`}</th>
                </tr>
              </thead>
              <tbody>
                {v.history.map((h) => (
                  <tr key={h.day}>
                    <td>{h.day}</td>
                    <td>{amount(h.assets, { dp: 2 })}</td>
                    <td>{tierName(h.tier)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <LeaderboardSection />
      </div>
    </>
  )
}

function LeaderboardSection() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const qc = useQueryClient()
  const [kind, setKind] = useState<LeaderboardKind>('volume7d')
  const board = useQuery(boardQueryOptions(kind))
  const prefs = useQuery(prefsQueryOptions())
  const hide = useMutation({
    mutationFn: (hideLeaderboard: boolean) => inviteApi.post('invite/prefs', { hideLeaderboard }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inviteKeys.root }),
  })
  const labels: Record<LeaderboardKind, string> = {
    volume7d: t`7-day volume`,
    volume30d: t`30-day volume`,
    inviters: t`Top inviters`,
  }
  return (
    <section className={styles.card} aria-label={t`Leaderboard`}>
      <h3>{t`Leaderboard`}</h3>
      <ChoiceChips
        label={t`Ranking`}
        value={kind}
        options={LEADERBOARD_KINDS.map((k) => [k, labels[k]] as const)}
        onChange={setKind}
      />
      {board.data && board.data.rows.length === 0 && <p className={styles.muted}>{t`No one ranked yet`}</p>}
      {board.data && board.data.rows.length > 0 && (
        <table className={styles.table} data-testid="leaderboard">
          <thead>
            <tr>
              <th>#</th>
              <th>{t`Name`}</th>
              <th>{kind === 'inviters' ? t`Invites` : t`Volume (USDT)`}</th>
            </tr>
          </thead>
          <tbody>
            {board.data.rows.map((r) => (
              <tr key={r.place} className={r.me ? styles.current : undefined}>
                <td>{r.place}</td>
                <td>{r.me ? t`${r.name} (me)` : r.name}</td>
                <td>{kind === 'inviters' ? r.value : amount(r.value, { dp: 2 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CellGroup>
        <Cell label={t`Hide me from the leaderboard`}>
          <Switch
            label={t`Hide me from the leaderboard`}
            checked={prefs.data?.hideLeaderboard ?? false}
            onChange={(on) => hide.mutate(on)}
          />
        </Cell>
      </CellGroup>
    </section>
  )
}
