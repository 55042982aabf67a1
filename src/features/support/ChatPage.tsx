import { MESSAGE_MAX, type ServiceMessage } from '@common/support/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useTime } from '@/lib/format/use-date-time'
import { compressImage } from '@/lib/image/compress-image'
import { tokenAtom } from '@/lib/store'
import { enterSends } from '@/ui/enter-sends'
import { PageHeader } from '@/ui/PageHeader'
import { PictureIcon } from '@/ui/PictureIcon'
import { conversationQueryOptions, serviceKeys, supportApi } from './api'
import { useLiveConversation } from './live'
import { isReadBy } from './merge-events'
import { QuickAnswers } from './QuickAnswers'
import styles from './Support.module.css'
import { useSupportImage } from './use-support-image'

const TYPING_SEND_MS = 3000

/** pages/service/home: live chat with the platform's service staff, for visitors and users. */
export function ChatPage() {
  const { t } = useLingui()
  const token = useAtomValue(tokenAtom) ?? ''
  const qc = useQueryClient()
  const view = useQuery(conversationQueryOptions(token))
  const { staffTyping } = useLiveConversation(token)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const lastTyping = useRef(0)
  const listEnd = useRef<HTMLDivElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const conv = view.data?.conversation ?? null
  const messages = view.data?.messages ?? []
  const live = conv && conv.status !== 'closed' ? conv : null
  const offline = view.data !== undefined && view.data.operatorsOnline === 0 && live?.status !== 'active'

  // Keep the newest message in view, and mark staff messages read while the page is shown.
  const lastId = messages[messages.length - 1]?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when a message or the typing mark arrives
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' })
  }, [lastId, staffTyping])
  useEffect(() => {
    const lastStaff = [...messages].reverse().find((m) => m.from === 'staff')
    if (!lastStaff || document.visibilityState !== 'visible') return
    if (isReadBy(lastStaff.id, conv?.userReadUpTo)) return
    void supportApi.read(lastStaff.id)
  }, [messages, conv?.userReadUpTo])

  const afterSend = (m: ServiceMessage) => {
    const key = serviceKeys.conversation(token)
    if (!conv || conv.id !== m.conversationId) void qc.invalidateQueries({ queryKey: key })
    else
      qc.setQueryData(key, (v: typeof view.data) =>
        v && !v.messages.some((x) => x.id === m.id) ? { ...v, messages: [...v.messages, m] } : v,
      )
  }

  const send = async () => {
    const body = text.trim()
    if (!body || busy) return
    setBusy(true)
    try {
      afterSend(await supportApi.send({ body }))
      setText('')
    } catch {
      // The client showed the reason.
    } finally {
      setBusy(false)
    }
  }

  const sendImage = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    try {
      const small =
        file.type === 'image/jpeg' || file.type === 'image/png' || file.type === 'image/webp'
          ? await compressImage(file).catch(() => file)
          : file
      const { id } = await supportApi.image(small)
      afterSend(await supportApi.send({ body: '', imageId: id }))
    } catch {
      // Shown by the client (too large, wrong type).
    } finally {
      setBusy(false)
      if (fileRef.current) fileRef.current.value = ''
    }
  }

  const onType = (value: string) => {
    setText(value)
    const now = Date.now()
    if (value.trim() && live && now - lastTyping.current > TYPING_SEND_MS) {
      lastTyping.current = now
      void supportApi.typing()
    }
  }

  return (
    <div className={styles.chatPage}>
      <PageHeader
        title={t`Customer service`}
        backLabel={t`Back`}
        right={
          token ? (
            <Link to="/pages/work/index" className={styles.headLink}>
              {t`Work orders`}
            </Link>
          ) : undefined
        }
      />
      <div className={styles.banner} role="status" data-testid="service-status">
        {live?.status === 'active' ? (
          <span>
            <span className={styles.dotOn} aria-hidden="true" />
            {t`${live.operatorName ?? ''} is helping you`}
          </span>
        ) : offline ? (
          <span>
            <span className={styles.dotOff} aria-hidden="true" />
            <Trans>
              No operator is online right now. Leave a message and we will answer, or open a work order.
            </Trans>{' '}
            <Link to={token ? '/pages/work/add' : '/pages/login/index'} className={styles.bannerLink}>
              {t`Open a work order`}
            </Link>
          </span>
        ) : view.data ? (
          <span>
            <span className={styles.dotOn} aria-hidden="true" />
            {live ? t`Waiting for an operator…` : t`Operators are online. Ask us anything.`}
          </span>
        ) : null}
      </div>
      <ol className={styles.messages} aria-label={t`Conversation`} aria-live="polite">
        <li className={styles.system}>
          <Trans>Hello! Describe your question below. Matching help articles appear as you type.</Trans>
        </li>
        {messages.map((m) => (
          <Bubble key={m.id} m={m} read={m.from === 'user' && isReadBy(m.id, conv?.staffReadUpTo)} />
        ))}
        {conv?.status === 'closed' && (
          <li className={styles.system} data-testid="service-closed">
            <Trans>This conversation was closed. Write again to start a new one.</Trans>
          </li>
        )}
        {staffTyping && (
          <li className={styles.typing} data-testid="staff-typing">
            {t`Operator is typing…`}
          </li>
        )}
      </ol>
      <div ref={listEnd} />
      <div className={styles.composer}>
        <QuickAnswers text={text} />
        <div className={styles.composeRow}>
          <button
            type="button"
            className={styles.iconBtn}
            onClick={() => fileRef.current?.click()}
            aria-label={t`Send a picture`}
            disabled={busy}
          >
            <PictureIcon />
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            data-testid="service-file"
            onChange={(e) => void sendImage(e.target.files?.[0])}
          />
          <textarea
            className={styles.input}
            rows={1}
            value={text}
            maxLength={MESSAGE_MAX}
            placeholder={t`Type your question`}
            aria-label={t`Message`}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={enterSends(() => void send())}
          />
          <button
            type="button"
            className={styles.send}
            onClick={() => void send()}
            disabled={busy || !text.trim()}
          >
            {t`Send`}
          </button>
        </div>
      </div>
    </div>
  )
}

function Bubble({ m, read }: { m: ServiceMessage; read: boolean }) {
  const { t } = useLingui()
  const time = useTime()
  const src = useSupportImage(m.image)
  const mine = m.from === 'user'
  return (
    <li className={mine ? styles.mine : styles.theirs} data-testid="service-message">
      {!mine && m.staffName && <span className={styles.author}>{m.staffName}</span>}
      <div className={mine ? styles.bubbleMine : styles.bubble}>
        {m.image &&
          (src ? (
            <img src={src} alt={t`Attachment`} className={styles.picture} />
          ) : (
            <span className={styles.picturePending}>{t`Picture`}</span>
          ))}
        {m.body && <p className={styles.text}>{m.body}</p>}
      </div>
      <span className={styles.meta}>
        {time(m.createdAt)}
        {mine && <> · {read ? t`Read` : t`Sent`}</>}
      </span>
    </li>
  )
}
