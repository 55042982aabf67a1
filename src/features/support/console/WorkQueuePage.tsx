import { TICKET_PAGE_SIZE } from '@common/support/rules'
import {
  TICKET_REPLY_MAX,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketStatus,
  type TicketType,
} from '@common/support/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { Pager } from '@/ui/console/Pager'
import { STATUS_LABELS, TYPE_LABELS } from '../labels'
import chat from '../Support.module.css'
import { useSupportImage } from '../use-support-image'
import { adminTicketQueryOptions, adminTicketsQueryOptions, deskApi } from './api'
import own from './Desk.module.css'

/** Work orders in the console: the queue by type and state, a ticket's thread, reply and close (audited). */
export function WorkQueuePage() {
  const { t } = useLingui()
  const { locale } = useFormat()
  const [type, setType] = useState<TicketType | undefined>()
  const [status, setStatus] = useState<TicketStatus | undefined>('open')
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<string | null>(null)
  const list = useQuery(adminTicketsQueryOptions({ type, status, page }))
  return (
    <>
      <h2 className={styles.h2}>{t`Work orders`}</h2>
      <fieldset className={`${styles.filters} ${own.fieldset}`} aria-label={t`Status`}>
        {[undefined, ...TICKET_STATUSES].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            className={styles.chip}
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s)
              setPage(1)
            }}
          >
            {s ? t(STATUS_LABELS[s]) : t`All`}
          </button>
        ))}
        <select
          className={styles.select}
          aria-label={t`Type`}
          value={type ?? ''}
          onChange={(e) => {
            setType((e.target.value || undefined) as TicketType | undefined)
            setPage(1)
          }}
        >
          <option value="">{t`All types`}</option>
          {TICKET_TYPES.map((x) => (
            <option key={x} value={x}>
              {t(TYPE_LABELS[x])}
            </option>
          ))}
        </select>
      </fieldset>
      <DataTable
        label={t`Work orders`}
        rows={list.data?.list}
        rowKey={(r) => r.id}
        columns={[
          { label: t`Number`, cell: (r) => r.number },
          {
            label: t`Title`,
            cell: (r) => (
              <button type="button" className={own.linkBtn} onClick={() => setOpen(r.id)}>
                {r.title}
              </button>
            ),
          },
          { label: t`Type`, cell: (r) => t(TYPE_LABELS[r.type]) },
          { label: t`Status`, cell: (r) => t(STATUS_LABELS[r.status]) },
          { label: t`User`, cell: (r) => r.userName },
          { label: t`Replies`, num: true, cell: (r) => r.replyCount },
          { label: t`Updated`, cell: (r) => dateTime(r.updatedAt, locale) },
        ]}
      />
      {list.data && <Pager page={page} total={list.data.total} size={TICKET_PAGE_SIZE} onPage={setPage} />}
      {open && <TicketPanel key={open} id={open} />}
    </>
  )
}

function TicketPanel({ id }: { id: string }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const qc = useQueryClient()
  const q = useQuery(adminTicketQueryOptions(id))
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const x = q.data
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await fn()
      void qc.invalidateQueries({ queryKey: ['service-desk'] })
      return true
    } catch {
      return false
    } finally {
      setBusy(false)
    }
  }
  if (!x) return null
  return (
    <section className={styles.panel} aria-label={t`Work order`} data-testid="ticket-panel">
      <h3 className={styles.h3}>
        {x.number} · {x.title}
      </h3>
      <p className={styles.muted}>
        {t(TYPE_LABELS[x.type])} · {t(STATUS_LABELS[x.status])} · {dateTime(x.createdAt, locale)}
      </p>
      <p className={chat.content}>{x.content}</p>
      {x.images.length > 0 && (
        <div className={styles.photos}>
          {x.images.map((p, i) => (
            <StaffImage key={p} path={p} label={t`Attachment ${i + 1}`} />
          ))}
        </div>
      )}
      <ol className={own.msgs} aria-label={t`Replies`}>
        {x.replies.map((r) => (
          <li key={r.id} className={r.from === 'user' ? chat.theirs : chat.mine}>
            <div className={r.from === 'user' ? chat.bubble : chat.bubbleMine}>
              <p className={chat.text}>{r.body}</p>
            </div>
            <span className={chat.meta}>
              {r.from === 'staff' ? `${r.staffName ?? ''} · ` : ''}
              {dateTime(r.createdAt, locale)}
            </span>
          </li>
        ))}
      </ol>
      {x.status !== 'closed' && (
        <>
          <textarea
            className={styles.input}
            style={{ height: 90, padding: 10 }}
            value={text}
            maxLength={TICKET_REPLY_MAX}
            aria-label={t`Reply`}
            placeholder={t`Write a reply`}
            onChange={(e) => setText(e.target.value)}
          />
          <div className={styles.filters}>
            <button
              type="button"
              className={styles.btnPrimary}
              disabled={busy || !text.trim()}
              onClick={async () => {
                if (await run(() => deskApi.ticketReply(id, text.trim()))) setText('')
              }}
            >
              {t`Send reply`}
            </button>
            <button
              type="button"
              className={styles.btn}
              disabled={busy}
              onClick={() => void run(() => deskApi.ticketClose(id))}
            >
              {t`Close work order`}
            </button>
          </div>
        </>
      )}
    </section>
  )
}

function StaffImage({ path, label }: { path: string; label: string }) {
  const src = useSupportImage(path)
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={label} className={styles.photo} />
    </a>
  ) : (
    <span className={styles.photo} role="img" aria-label={label} />
  )
}
