import type { RebateRecord } from '@common/invite/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import { Fields, PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { PosterActions } from '@/ui/PosterActions'
import { canvasPng } from '@/ui/poster'
import { Sheet } from '@/ui/Sheet'
import { rebatesQueryOptions, summaryQueryOptions } from './api'
import styles from './Invite.module.css'
import { pct, RANK_LABELS } from './labels'
import { drawInviteCard, inviteLink, qrPath } from './share-card'

/** pages/mine/invite: my invitation code and link (QR, share image), invites, rank and rebate records. */
export function InvitePage() {
  const { t, i18n } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const summary = useQuery(summaryQueryOptions())
  const rebates = useInfiniteQuery(rebatesQueryOptions())
  const [sharing, setSharing] = useState(false)
  const s = summary.data
  const link = s ? inviteLink(`${location.origin}${location.pathname}`, s.code) : ''
  const qr = link ? qrPath(link) : null
  const items = rebates.data?.pages.flatMap((p) => p.list) ?? []

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      showToast(t`Copied`)
    } catch {
      showToast(t`Copy failed`, { error: true })
    }
  }

  return (
    <>
      <PageHeader title={t`Invite friends`} backLabel={t`Back`} />
      <div className={styles.page}>
        <section className={styles.hero}>
          <h2>{t`Invite friends, earn together`}</h2>
          <p>
            {s
              ? t`You receive ${pct(s.share)} of the trading fees your friends pay, every day.`
              : t`Loading…`}
          </p>
          <div className={styles.codeRow}>
            <span>
              <span style={{ fontSize: 12, opacity: 0.85 }}>{t`My invitation code`}</span>
              <br />
              <span className={styles.code} data-testid="invite-code">
                {s?.code ?? '--'}
              </span>
            </span>
            <button type="button" className={styles.btn} disabled={!s} onClick={() => s && void copy(s.code)}>
              {t`Copy code`}
            </button>
          </div>
        </section>

        <section className={styles.card} aria-label={t`Invitation link`}>
          <h3>{t`Invitation link`}</h3>
          <div className={styles.qrWrap}>
            {qr && (
              <svg
                className={styles.qr}
                viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
                role="img"
                aria-label={t`QR code of my invitation link`}
                data-testid="invite-qr"
                shapeRendering="crispEdges"
              >
                <path d={qr.d} fill="#000" />
              </svg>
            )}
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
              <span className={styles.link} data-testid="invite-link">
                {link}
              </span>
              <div className={styles.actions}>
                <button type="button" className={styles.btn} disabled={!s} onClick={() => void copy(link)}>
                  {t`Copy link`}
                </button>
                <button
                  type="button"
                  className={styles.btnPrimary}
                  disabled={!s}
                  onClick={() => setSharing(true)}
                  data-testid="invite-share-open"
                >
                  {t`Share image`}
                </button>
              </div>
            </div>
          </div>
        </section>

        <section className={styles.card} aria-label={t`My invitations`}>
          <h3>{t`My invitations`}</h3>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <b data-testid="invite-direct">{s?.direct ?? '--'}</b>
              <span>{t`Direct invites`}</span>
            </div>
            <div className={styles.stat}>
              <b data-testid="invite-promotion">{s ? s.direct + s.second : '--'}</b>
              <span>{t`Promotion count (two levels)`}</span>
            </div>
            <div className={styles.stat}>
              <b>{s ? pct(s.share) : '--'}</b>
              <span>{t`Rebate share`}</span>
            </div>
          </div>
          {s && (
            <Fields
              cells={[
                [t`Rank`, i18n._(RANK_LABELS[s.rank])],
                [t`Active invitees (30 days)`, String(s.active)],
                [
                  t`Rebates received`,
                  s.earned.length ? s.earned.map((e) => `${amount(e.amount)} ${e.asset}`).join(' · ') : '0',
                ],
              ]}
            />
          )}
          {s && s.invitees.length > 0 && (
            <table className={styles.table} aria-label={t`Direct invites`}>
              <thead>
                <tr>
                  <th>{t`Invitee`}</th>
                  <th>{t`Joined`}</th>
                </tr>
              </thead>
              <tbody>
                {s.invitees.map((u) => (
                  <tr key={`${u.id}-${u.joinedAt}`}>
                    <td>{u.id}</td>
                    <td>{when(u.joinedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        {s && (
          <section className={styles.card} aria-label={t`Ranks and rebate shares`}>
            <h3>{t`Ranks and rebate shares`}</h3>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t`Rank`}</th>
                  <th>{t`Active invitees`}</th>
                  <th>{t`30-day volume (USDT)`}</th>
                  <th>{t`Share`}</th>
                </tr>
              </thead>
              <tbody>
                {s.ranks.map((r) => (
                  <tr key={r.rank} className={r.rank === s.rank ? styles.current : undefined}>
                    <td>{i18n._(RANK_LABELS[r.rank])}</td>
                    <td>{r.minActive}</td>
                    <td>{amount(r.minVolume)}</td>
                    <td>{pct(r.share)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={styles.muted}>
              <Trans>
                Rebates come only from fees your invitees actually paid on spot and perpetual trades. They are
                paid to your funding account every day between 00:00 and 08:00 (UTC+8).
              </Trans>
            </p>
          </section>
        )}

        <section className={styles.card} aria-label={t`Rebate records`}>
          <h3>{t`Rebate records`}</h3>
          <PagedList<RebateRecord>
            {...paged(rebates)}
            items={items}
            itemKey={(r) => r.id}
            label={t`Rebate records`}
            testId="rebate-list"
            render={(r) => (
              <Fields
                cells={[
                  [t`Invitee`, r.invitee],
                  [t`Trade`, `${r.symbol} · ${r.source === 'spot' ? t`Spot` : t`Perpetual`}`],
                  [t`Fee paid`, `${amount(r.fee)} ${r.asset}`],
                  [t`Rebate`, `${amount(r.amount)} ${r.asset} (${pct(r.share)})`],
                  [t`Trading day`, r.day],
                ]}
              />
            )}
          />
        </section>
      </div>
      {sharing && s && <InviteShareSheet code={s.code} link={link} onClose={() => setSharing(false)} />}
    </>
  )
}

function InviteShareSheet({ code, link, onClose }: { code: string; link: string; onClose: () => void }) {
  const { t } = useLingui()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [card] = useState(() => ({
    brand: document.title || 'Open Exchange',
    title: t`Join me and trade`,
    subtitle: t`Sign up with my invitation code`,
    codeLabel: t`Invitation code`,
    code,
    link,
  }))

  useEffect(() => {
    const c = canvas.current
    if (!c) return
    drawInviteCard(c, card, getComputedStyle(document.body).fontFamily || 'sans-serif')
    void canvasPng(c, `invite-${code}.png`).then(setFile)
  }, [card, code])

  return (
    <Sheet title={t`Share image`} onClose={onClose} closeLabel={t`Close`} testId="invite-share-sheet">
      <canvas
        ref={canvas}
        className={styles.shareCanvas}
        role="img"
        aria-label={t`Invitation image with code ${code}`}
        data-testid="invite-share-canvas"
        data-ready={file ? 'true' : 'false'}
      />
      <PosterActions
        file={file}
        share={{ title: card.title, url: link }}
        onShareFail={() => showToast(t`Sharing failed`, { error: true })}
        saveLabel={t`Save image`}
        shareLabel={t`Share`}
        testId="invite-share"
      />
    </Sheet>
  )
}
