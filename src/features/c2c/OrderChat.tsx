import { isOpenStatus } from '@common/c2c/rules'
import type { C2cMessage, C2cOrder } from '@common/c2c/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { http } from '@/lib/http/client'
import { compressImage } from '@/lib/image/compress-image'
import { showToast } from '@/ui/feedback'
import { c2cApi, c2cKeys, messagesQueryOptions } from './api'
import { systemText } from './labels'
import styles from './styles'
import { useOrderImage } from './use-order-image'

function Bubble({ m, mine, orderId }: { m: C2cMessage; mine: boolean; orderId: string }) {
  const { t, i18n } = useLingui()
  const img = useOrderImage(orderId, m.image)
  return (
    <li className={styles.msg} data-mine={mine} data-from={m.from} data-testid="c2c-message">
      {m.from === 'system' ? systemText(i18n, m.body) : m.body}
      {img && <img src={img} alt={t`Sent in the chat`} />}
    </li>
  )
}

/** The order chat: text and pictures, live over the `user` channel; read marks as messages are seen. */
export function OrderChat({ order }: { order: C2cOrder }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const q = useQuery(messagesQueryOptions(order.id))
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const end = useRef<HTMLDivElement>(null)
  const list = q.data ?? []
  const lastId = list.at(-1)?.id
  const open = isOpenStatus(order.status)

  useEffect(() => {
    if (!lastId) return
    end.current?.scrollIntoView?.({ block: 'nearest' })
    void c2cApi
      .post('c2c/order/read', { id: order.id, upTo: lastId }, { toast: false })
      .catch(() => undefined)
  }, [lastId, order.id])

  const send = async (body: { body?: string; image?: string }) => {
    try {
      const m = await c2cApi.post<C2cMessage>(
        'c2c/order/message',
        { id: order.id, ...body },
        { btnLoading: setBusy },
      )
      qc.setQueryData<C2cMessage[]>(c2cKeys.messages(order.id), (l) =>
        l && !l.some((x) => x.id === m.id) ? [...l, m] : l,
      )
      setText('')
    } catch {
      // Shown by the http layer.
    }
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (text.trim()) void send({ body: text.trim() })
  }
  const pick = async (files: FileList | null) => {
    const f = files?.[0]
    if (!f) return
    try {
      const jpeg = await compressImage(f)
      const up = await http.upload<{ id: string }>('uploadImage', jpeg, 'image', { loading: true })
      await send({ image: up.id })
    } catch {
      showToast(t`File format or type error`, { error: true })
    }
  }

  return (
    <section className={styles.card} aria-label={t`Chat`}>
      <span className={styles.sectionTitle}>
        <Trans>Chat</Trans>
      </span>
      <span className={styles.hint}>
        <Trans>
          Keep all talk here: it is the evidence if there is an appeal. Never pay or release outside the
          order.
        </Trans>
      </span>
      <ul className={styles.chat} style={{ listStyle: 'none', margin: 0 }} data-testid="c2c-chat">
        {list.map((m) => (
          <Bubble key={m.id} m={m} orderId={order.id} mine={m.from === order.role} />
        ))}
        <div ref={end} />
      </ul>
      {open ? (
        <form className={styles.composer} onSubmit={submit}>
          <input
            type="text"
            value={text}
            maxLength={1000}
            onChange={(e) => setText(e.target.value)}
            aria-label={t`Message`}
            placeholder={t`Message`}
            data-testid="c2c-chat-input"
          />
          <label className={styles.btnGhost} style={{ cursor: 'pointer' }}>
            <input type="file" accept="image/*" hidden onChange={(e) => void pick(e.target.files)} />
            {t`Picture`}
          </label>
          <button
            type="submit"
            className={styles.btn}
            disabled={busy || !text.trim()}
            data-testid="c2c-chat-send"
          >
            <Trans>Send</Trans>
          </button>
        </form>
      ) : (
        <span className={styles.hint}>{t`This order has ended: its chat is closed.`}</span>
      )}
    </section>
  )
}
