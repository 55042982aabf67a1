import { RANKS, type Rank } from '@common/invite/rules'
import { useLingui } from '@lingui/react/macro'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { showToast } from '@/ui/feedback'
import { pct, RANK_LABELS, TIER_LABELS } from '../labels'

interface Overview {
  tiers: { tier: 'gold' | 'diamond' | 'premium'; minAssets: string; feeFactor: string }[]
  ranks: { rank: Rank; minActive: number; minVolume: string; share: string }[]
  partners: { userId: string; nickname: string; rank: Rank; grantedAt: number }[]
  days: { day: string; asset: string; amount: string; fills: number; inviters: number }[]
  vipUsers: { tier: string; users: number }[]
}

const overviewKey = ['admin', 'invite', 'overview'] as const
const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => http.get<Overview>('admin/invite/overview', undefined, { toast: false, signal }),
  })

/** #/admin/invite: VIP tiers and partner ranks (rules), partner grants (audited) and rebates paid per day. */
export function InviteAdminPage() {
  const { t, i18n } = useLingui()
  const { amount, locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(overviewQueryOptions())
  const [userId, setUserId] = useState('')
  const [rank, setRank] = useState<Rank>('partner1')
  const [reason, setReason] = useState('')
  const grant = useMutation({
    mutationFn: () => http.post('admin/invite/partner', { userId: userId.trim(), rank, reason }),
    onSuccess: () => {
      showToast(t`Saved`)
      setUserId('')
      setReason('')
      void qc.invalidateQueries({ queryKey: overviewKey })
    },
  })
  const o = q.data
  const vipCount = (tier: string) => o?.vipUsers.find((v) => v.tier === tier)?.users ?? 0
  return (
    <>
      <h2 className={styles.h2}>{t`Invitation and VIP`}</h2>
      <DataTable
        label={t`VIP tiers`}
        rows={o?.tiers}
        rowKey={(r) => r.tier}
        columns={[
          { label: t`Tier`, cell: (r) => i18n._(TIER_LABELS[r.tier]) },
          { label: t`Total assets (USDT)`, cell: (r) => amount(r.minAssets), num: true },
          { label: t`Fee factor`, cell: (r) => r.feeFactor, num: true },
          { label: t`Users`, cell: (r) => String(vipCount(r.tier)), num: true },
        ]}
      />
      <DataTable
        label={t`Ranks and rebate shares`}
        rows={o?.ranks}
        rowKey={(r) => r.rank}
        columns={[
          { label: t`Rank`, cell: (r) => i18n._(RANK_LABELS[r.rank]) },
          { label: t`Active invitees`, cell: (r) => String(r.minActive), num: true },
          { label: t`30-day volume (USDT)`, cell: (r) => amount(r.minVolume), num: true },
          { label: t`Share`, cell: (r) => pct(r.share), num: true },
        ]}
      />
      <form
        className={styles.panel}
        aria-label={t`Grant a partner rank`}
        onSubmit={(e) => {
          e.preventDefault()
          grant.mutate()
        }}
      >
        <h3 className={styles.h2}>{t`Grant a partner rank`}</h3>
        <div className={styles.filters}>
          <input
            className={styles.input}
            aria-label={t`User id`}
            placeholder={t`User id`}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            required
          />
          <select
            className={styles.select}
            aria-label={t`Rank`}
            value={rank}
            onChange={(e) => setRank(e.target.value as Rank)}
          >
            {RANKS.map((r) => (
              <option key={r} value={r}>
                {i18n._(RANK_LABELS[r])}
              </option>
            ))}
          </select>
          <input
            className={`${styles.input} ${styles.grow}`}
            aria-label={t`Reason`}
            placeholder={t`Reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
          <button type="submit" className={styles.btnPrimary} disabled={grant.isPending}>
            {t`Save`}
          </button>
        </div>
      </form>
      <DataTable
        label={t`Partners`}
        rows={o?.partners}
        rowKey={(r) => r.userId}
        columns={[
          { label: t`User id`, cell: (r) => r.userId },
          { label: t`Nickname`, cell: (r) => r.nickname },
          { label: t`Rank`, cell: (r) => i18n._(RANK_LABELS[r.rank]) },
          { label: t`Granted`, cell: (r) => dateTime(r.grantedAt, locale) },
        ]}
      />
      <DataTable
        label={t`Rebates paid`}
        rows={o?.days}
        rowKey={(r) => `${r.day}-${r.asset}`}
        columns={[
          { label: t`Trading day`, cell: (r) => r.day },
          { label: t`Amount`, cell: (r) => `${amount(r.amount)} ${r.asset}`, num: true },
          { label: t`Fills`, cell: (r) => String(r.fills), num: true },
          { label: t`Inviters`, cell: (r) => String(r.inviters), num: true },
        ]}
      />
    </>
  )
}
