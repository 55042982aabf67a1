import { TICKET_REPLY_MAX, type Ticket } from '@common/support/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { PageHeader } from '@/ui/PageHeader'
import { Confirm } from '@/ui/Sheet'
import { serviceKeys, ticketQueryOptions, workApi } from './api'
import { STATUS_LABELS, TYPE_LABELS } from './labels'
import styles from './Support.module.css'
import { useSupportImage } from './use-support-image'

/** pages/work/detail: the ticket, its pictures and the reply thread; reply, close, reopen. */
export function WorkDetailPage({ id }: { id: string }) {
  const { t } = useLingui()
  const dt = useDateTime()
  const qc = useQueryClient()
  const q = useQuery(ticketQueryOptions(id))
  const [reply, setReply] = useState('')
  const [busy, setBusy] = useState(false)
  const [confirmClose, setConfirmClose] = useState(false)
  const x = q.data

  const act = async (fn: () => Promise<Ticket>) => {
    setBusy(true)
    try {
      qc.setQueryData(serviceKeys.ticket(id), await fn())
      void qc.invalidateQueries({ queryKey: ['service', 'tickets'] })
      return true
    } catch {
      return false
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageHeader title={t`Work order`} backLabel={t`Back`} />
      {x && (
        <div className={styles.detail}>
          <section className={styles.card}>
            <div className={styles.cardHead}>
              <h2 className={styles.h2}>{x.title}</h2>
              <span className={styles.status} data-status={x.status} data-testid="work-status">
                {t(STATUS_LABELS[x.status])}
              </span>
            </div>
            <div className={styles.muted}>
              {x.number} · {t(TYPE_LABELS[x.type])} · {dt(x.createdAt)}
            </div>
            <p className={styles.content}>{x.content}</p>
            {x.images.length > 0 && (
              <div className={styles.thumbs} style={{ marginTop: 10 }}>
                {x.images.map((p, i) => (
                  <TicketImage key={p} path={p} n={i + 1} />
                ))}
              </div>
            )}
          </section>
          <ol className={styles.thread} aria-label={t`Replies`}>
            {x.replies.map((r) => (
              <li
                key={r.id}
                className={r.from === 'user' ? styles.mine : styles.theirs}
                data-testid="work-reply"
              >
                <span className={styles.author}>
                  {r.from === 'staff' ? t`${r.staffName ?? ''} (customer service)` : t`You`}
                </span>
                <div className={r.from === 'user' ? styles.bubbleMine : styles.bubble}>
                  <p className={styles.text}>{r.body}</p>
                </div>
                <span className={styles.meta}>{dt(r.createdAt)}</span>
              </li>
            ))}
          </ol>
          {x.status !== 'closed' ? (
            <>
              <label className={styles.label}>
                {t`Your reply`}
                <textarea
                  className={styles.area}
                  value={reply}
                  maxLength={TICKET_REPLY_MAX}
                  onChange={(e) => setReply(e.target.value)}
                />
              </label>
              <div className={styles.actions}>
                <button type="button" className={styles.secondary} onClick={() => setConfirmClose(true)}>
                  {t`Close work order`}
                </button>
                <button
                  type="button"
                  className={styles.primary}
                  style={{ padding: '0 20px' }}
                  disabled={busy || !reply.trim()}
                  onClick={async () => {
                    if (await act(() => workApi.reply(id, reply.trim()))) setReply('')
                  }}
                >
                  {t`Reply`}
                </button>
              </div>
            </>
          ) : x.canReopen ? (
            <div className={styles.actions}>
              <span className={styles.muted} style={{ flex: 1, alignSelf: 'center' }}>
                {t`Closed work orders can be reopened for 7 days.`}
              </span>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                onClick={() => void act(() => workApi.reopen(id))}
              >
                {t`Reopen`}
              </button>
            </div>
          ) : (
            <p
              className={styles.muted}
            >{t`This work order is closed. Open a new one if you need more help.`}</p>
          )}
        </div>
      )}
      {confirmClose && (
        <Confirm
          title={t`Close work order`}
          text={t`Close this work order? You can reopen it within 7 days.`}
          confirmLabel={t`Close work order`}
          cancelLabel={t`Cancel`}
          busy={busy}
          onClose={() => setConfirmClose(false)}
          onConfirm={async () => {
            await act(() => workApi.close(id))
            setConfirmClose(false)
          }}
        />
      )}
    </>
  )
}

function TicketImage({ path, n }: { path: string; n: number }) {
  const { t } = useLingui()
  const src = useSupportImage(path)
  return (
    <div className={styles.thumb}>
      {src ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={t`Attachment ${n}`} />
        </a>
      ) : null}
    </div>
  )
}
