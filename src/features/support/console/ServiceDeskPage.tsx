import type { CloseCategory, QueueItem, ServiceEvent } from '@common/support/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { subscribe } from '@/lib/socket/client'
import { ChoiceChips } from '@/ui/ChoiceChips'
import styles from '@/ui/console/Console.module.css'
import { dateTime } from '@/ui/console/date-time'
import { CATEGORY_LABELS } from '../labels'
import { deskKeys, type QueueStatus, queueQueryOptions } from './api'
import own from './Desk.module.css'
import { DeskConversation } from './DeskConversation'
import { waitedParts } from './waiting'

const TABS: QueueStatus[] = ['waiting', 'mine', 'active', 'closed']

/** The console's service desk: queue of conversations, take one, chat, close with a category. */
export function ServiceDeskPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [tab, setTab] = useState<QueueStatus>('waiting')
  const [open, setOpen] = useState<string | null>(null)
  const [typing, setTyping] = useState<Record<string, number>>({})
  const queue = useQuery(queueQueryOptions(tab))
  const now = useNow(15_000)

  // Every desk event refreshes the queue; messages and read marks go to the open conversation.
  const openRef = useRef(open)
  openRef.current = open
  useEffect(
    () =>
      subscribe<unknown, ServiceEvent>('servicedesk', {
        onSnapshot: () => void qc.invalidateQueries({ queryKey: ['service-desk', 'queue'] }),
        onMessage: (e) => {
          if ('typing' in e) {
            setTyping((x) => ({ ...x, [e.typing.conversationId]: Date.now() }))
            return
          }
          if ('queue' in e || 'message' in e)
            void qc.invalidateQueries({ queryKey: ['service-desk', 'queue'] })
          const id =
            'message' in e
              ? e.message.conversationId
              : 'read' in e
                ? e.read.conversationId
                : 'queue' in e
                  ? e.queue.id
                  : null
          if ('message' in e && e.message.from === 'user')
            setTyping((x) => ({ ...x, [e.message.conversationId]: 0 }))
          if (id && id === openRef.current) void qc.invalidateQueries({ queryKey: deskKeys.conversation(id) })
        },
      }),
    [qc],
  )

  const tabLabel: Record<QueueStatus, string> = {
    waiting: t({ message: 'Waiting', context: 'conversations' }),
    mine: t({ message: 'Mine', context: 'conversations' }),
    active: t({ message: 'In progress', context: 'conversations' }),
    closed: t`Closed`,
  }
  const list = queue.data?.list ?? []
  return (
    <>
      <h2 className={styles.h2}>{t`Service desk`}</h2>
      <p className={styles.muted}>
        {t`Operators online: ${queue.data?.operatorsOnline ?? 0}`} ·{' '}
        <Trans>Take a waiting conversation to answer it; nobody else can take it after you.</Trans>
      </p>
      <ChoiceChips
        label={t`Queue`}
        classes={{ tabs: `${styles.filters} ${own.fieldset}`, tab: styles.chip }}
        value={tab}
        options={TABS.map((s) => [s, tabLabel[s]] as const)}
        onChange={setTab}
      />
      <div className={own.desk}>
        <ul className={own.queue} aria-label={t`Conversations`} data-testid="desk-queue">
          {list.length === 0 && <li className={styles.muted}>{t`No conversations`}</li>}
          {list.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={own.item}
                aria-current={open === c.id}
                onClick={() => setOpen(c.id)}
              >
                <QueueRow c={c} now={now} typing={now - (typing[c.id] ?? 0) < 5000} />
              </button>
            </li>
          ))}
        </ul>
        <div className={own.pane}>
          {open ? (
            <DeskConversation key={open} id={open} onClosed={() => setTab('closed')} />
          ) : (
            <p className={styles.muted}>{t`Choose a conversation.`}</p>
          )}
        </div>
      </div>
    </>
  )
}

function QueueRow({ c, now, typing }: { c: QueueItem; now: number; typing: boolean }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const waited = c.waitingSince ? waitedParts(c.waitingSince, now) : null
  const waitedText = waited
    ? waited.unit === 'm'
      ? t`Unanswered ${waited.n} min`
      : waited.unit === 'h'
        ? t`Unanswered ${waited.n} h`
        : t`Unanswered ${waited.n} d`
    : null
  return (
    <>
      <span className={own.itemTop}>
        <strong>{c.userName ?? t`Visitor`}</strong>
        {c.unread > 0 && <span className={styles.badge}>{c.unread}</span>}
      </span>
      <span className={own.preview}>{typing ? t`Typing…` : c.lastMessage}</span>
      <span className={own.itemSub}>
        {waitedText ? (
          <span className={waited && waited.unit !== 'm' ? styles.bad : undefined} data-testid="unanswered">
            {waitedText}
          </span>
        ) : (
          <span>{dateTime(c.lastMessageAt, locale)}</span>
        )}
        {c.operatorName && <span>{c.operatorName}</span>}
        {c.category && <span>{t(CATEGORY_LABELS[c.category as CloseCategory])}</span>}
      </span>
    </>
  )
}

function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), every)
    return () => clearInterval(id)
  }, [every])
  return now
}
