import { CLOSE_CATEGORIES, type CloseCategory, MESSAGE_MAX } from '@common/support/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { adminMeQueryOptions } from '@/lib/console/api'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { dateTime } from '@/ui/console/date-time'
import { enterSends } from '@/ui/enter-sends'
import { CATEGORY_LABELS } from '../labels'
import { isReadBy } from '../merge-events'
import chat from '../Support.module.css'
import { useSupportImage } from '../use-support-image'
import { deskApi, deskConversationQueryOptions, deskKeys } from './api'
import own from './Desk.module.css'

const TYPING_SEND_MS = 3000

/** One conversation at the desk: messages, the user's profile and recent orders (read only), reply, close. */
export function DeskConversation({ id, onClosed }: { id: string; onClosed: () => void }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const qc = useQueryClient()
  const me = useQuery({ ...adminMeQueryOptions(), staleTime: 60_000, gcTime: 60_000 }).data
  const q = useQuery(deskConversationQueryOptions(id))
  const [text, setText] = useState('')
  const [category, setCategory] = useState<CloseCategory>('other')
  const [busy, setBusy] = useState(false)
  const lastTyping = useRef(0)
  const end = useRef<HTMLDivElement>(null)
  const v = q.data
  const mineActive = v?.conversation.status === 'active' && v.item.operatorId === me?.id
  const lastUser = v ? [...v.messages].reverse().find((m) => m.from === 'user') : undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when a message arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [v?.messages.length])
  // Reading the conversation marks the user's messages read (only for the operator who has it).
  useEffect(() => {
    if (mineActive && lastUser && !isReadBy(lastUser.id, v?.conversation.staffReadUpTo))
      void deskApi.read(id, lastUser.id)
  }, [mineActive, lastUser, id, v?.conversation.staffReadUpTo])

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: deskKeys.conversation(id) })
    void qc.invalidateQueries({ queryKey: ['service-desk', 'queue'] })
  }
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await fn()
      refresh()
      return true
    } catch {
      refresh()
      return false
    } finally {
      setBusy(false)
    }
  }
  const send = async () => {
    const body = text.trim()
    if (body && (await run(() => deskApi.reply(id, body)))) setText('')
  }

  if (!v) return null
  const status = v.conversation.status
  return (
    <section className={own.conv} aria-label={t`Conversation`}>
      <header className={own.convHead}>
        <div>
          <strong>{v.profile?.nickname ?? t`Visitor`}</strong>
          <span className={styles.muted}>
            {' '}
            · #{v.conversation.id} · {dateTime(v.conversation.createdAt, locale)}
          </span>
        </div>
        {status === 'waiting' && (
          <button
            type="button"
            className={styles.btnPrimary}
            disabled={busy}
            onClick={() => void run(() => deskApi.take(id))}
          >
            {t`Take`}
          </button>
        )}
        {status === 'active' && !mineActive && (
          <span className={styles.muted}>{t`Handled by ${v.item.operatorName ?? ''}`}</span>
        )}
      </header>
      <ol className={own.msgs} aria-label={t`Messages`} data-testid="desk-messages">
        {v.messages.map((m) => (
          <li key={m.id} className={m.from === 'user' ? chat.theirs : chat.mine}>
            <div className={m.from === 'user' ? chat.bubble : chat.bubbleMine}>
              {m.image && <DeskImage path={m.image} />}
              {m.body && <p className={chat.text}>{m.body}</p>}
            </div>
            <span className={chat.meta}>
              {m.from === 'staff' && m.staffName ? `${m.staffName} · ` : ''}
              {dateTime(m.createdAt, locale)}
              {m.from === 'staff' && (isReadBy(m.id, v.conversation.userReadUpTo) ? ` · ${t`Read`}` : '')}
            </span>
          </li>
        ))}
        <div ref={end} />
      </ol>
      {mineActive && (
        <div className={own.reply}>
          <textarea
            className={chat.input}
            value={text}
            maxLength={MESSAGE_MAX}
            aria-label={t`Reply`}
            placeholder={t`Write a reply`}
            onChange={(e) => {
              setText(e.target.value)
              const now = Date.now()
              if (now - lastTyping.current > TYPING_SEND_MS) {
                lastTyping.current = now
                void deskApi.typing(id)
              }
            }}
            onKeyDown={enterSends(() => void send())}
          />
          <button
            type="button"
            className={styles.btnPrimary}
            disabled={busy || !text.trim()}
            onClick={() => void send()}
          >
            {t`Send`}
          </button>
        </div>
      )}
      {(status === 'waiting' || mineActive) && (
        <div className={styles.filters}>
          <label className={styles.muted} htmlFor={`cat-${id}`}>
            {t`Category`}
          </label>
          <select
            id={`cat-${id}`}
            className={styles.select}
            value={category}
            onChange={(e) => setCategory(e.target.value as CloseCategory)}
          >
            {CLOSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(CATEGORY_LABELS[c])}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={styles.btn}
            disabled={busy}
            onClick={async () => {
              if (await run(() => deskApi.close(id, category))) onClosed()
            }}
          >
            {t`Close conversation`}
          </button>
        </div>
      )}
      <div className={own.side}>
        <section className={styles.panel} aria-label={t`User profile`}>
          <h3 className={styles.h3}>{t`User profile`}</h3>
          {v.profile ? (
            <dl className={own.kv}>
              <dt>UID</dt>
              <dd>{v.profile.uid}</dd>
              <dt>{t`Nickname`}</dt>
              <dd>{v.profile.nickname}</dd>
              <dt>{t`E-mail`}</dt>
              <dd>{v.profile.email ?? '—'}</dd>
              <dt>{t`Phone`}</dt>
              <dd>{v.profile.phone ?? '—'}</dd>
              <dt>{t`Account status`}</dt>
              <dd>{v.profile.status === 'active' ? t`Active` : t`Frozen`}</dd>
              <dt>{t`Identity`}</dt>
              <dd>
                {v.profile.identity === 'verified'
                  ? t`Verified`
                  : v.profile.identity === 'pending'
                    ? t`Under review`
                    : v.profile.identity === 'failed'
                      ? t`Rejected`
                      : t`Not verified`}
              </dd>
              <dt>{t`Registered`}</dt>
              <dd>{dateTime(v.profile.createdAt, locale)}</dd>
            </dl>
          ) : (
            <p className={styles.muted}>{t`A visitor who has not logged in.`}</p>
          )}
        </section>
        {v.profile && (
          <section className={styles.panel} aria-label={t`Recent orders`}>
            <h3 className={styles.h3}>{t`Recent orders`}</h3>
            {v.orders.length === 0 ? (
              <p className={styles.muted}>{t`No orders`}</p>
            ) : (
              <ul className={own.orders}>
                {v.orders.map((o) => (
                  <li key={o.id}>
                    <span>
                      {o.symbol} {o.side} {o.type}
                    </span>
                    <span className={styles.muted}>
                      {o.price ?? '—'} × {o.amount ?? '—'} · {o.status} · {dateTime(o.createdAt, locale)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </section>
  )
}

function DeskImage({ path }: { path: string }) {
  const { t } = useLingui()
  const src = useSupportImage(path)
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={t`Attachment`} className={chat.picture} />
    </a>
  ) : (
    <span className={chat.picturePending}>{t`Picture`}</span>
  )
}
