import type { C2cAd } from '@common/c2c/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useFormat } from '@/lib/format/use-format'
import { PageHeader } from '@/ui/PageHeader'
import { Stat } from '@/ui/Stat'
import { c2cApi, c2cKeys, myAdsQueryOptions } from './api'
import { AD_STATUS } from './labels'
import { useC2cUpdates } from './live'
import styles from './styles'

/** pages/transaction/ads: my ads with what is left; edit, take off, put back on the shelf, cancel. */
export function MyAdsPage() {
  const { t, i18n } = useLingui()
  const { amount: fmt } = useFormat()
  const qc = useQueryClient()
  // Orders on my ads change what they have left: pushed, and read again on each visit.
  useC2cUpdates()
  const q = useQuery({ ...myAdsQueryOptions(), staleTime: 0 })
  const [busy, setBusy] = useState(false)
  const act = async (path: string, id: string) => {
    try {
      await c2cApi.post<C2cAd>(path, { id }, { loading: true, btnLoading: setBusy })
      // Taking an ad off the shelf or cancelling it returns its escrow to the funding account.
      await Promise.all([
        qc.invalidateQueries({ queryKey: c2cKeys.root }),
        balancesChanged(qc, 'c2c', { now: true }),
      ])
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <>
      <PageHeader
        title={t`My ads`}
        backLabel={t`Back`}
        right={
          <Link to="/pages/transaction/publish" className={styles.headLink}>
            <Trans>Publish ad</Trans>
          </Link>
        }
      />
      <div className={styles.page}>
        {q.isSuccess && q.data.length === 0 && (
          <p className={styles.empty}>
            <Trans>You have no ads yet</Trans>
          </p>
        )}
        <ul className={styles.cards} aria-label={t`My ads`}>
          {(q.data ?? []).map((ad) => (
            <li key={ad.id} className={styles.card} data-testid="c2c-my-ad">
              <div className={styles.cardTop}>
                <span className={styles.coin}>
                  {ad.side === 'sell' ? t`Sell ${ad.coin}` : t`Buy ${ad.coin}`}
                  <span className={styles.tag}>{ad.fiat}</span>
                </span>
                <span className={styles.badge} data-tone={ad.status === 'online' ? 'live' : 'done'}>
                  {ad.inTrade ? t`In trade` : i18n._(AD_STATUS[ad.status])}
                </span>
              </div>
              <dl className={styles.grid}>
                <Stat label={t`Price`}>{fmt(ad.price)}</Stat>
                <Stat label={t`Left / total`}>
                  {fmt(ad.remaining)} / {fmt(ad.total)}
                </Stat>
                <Stat label={t`Open orders`}>{ad.openOrders}</Stat>
              </dl>
              {(ad.status === 'online' || ad.status === 'offline') && (
                <div className={styles.row}>
                  <Link
                    to="/pages/transaction/publish"
                    search={{ id: ad.id }}
                    className={styles.btnGhost}
                    style={{ textAlign: 'center' }}
                  >
                    <Trans>Edit</Trans>
                  </Link>
                  {ad.status === 'online' ? (
                    <button
                      type="button"
                      className={styles.btnGhost}
                      disabled={busy}
                      onClick={() => void act('c2c/ad/off', ad.id)}
                      data-testid="c2c-ad-off"
                    >
                      <Trans>Take off</Trans>
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={styles.btnGhost}
                      disabled={busy}
                      onClick={() => void act('c2c/ad/on', ad.id)}
                    >
                      <Trans>Put on shelf</Trans>
                    </button>
                  )}
                  <button
                    type="button"
                    className={styles.btnGhost}
                    disabled={busy}
                    onClick={() => void act('c2c/ad/close', ad.id)}
                  >
                    <Trans>Cancel ad</Trans>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
