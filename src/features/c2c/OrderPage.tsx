import type { C2cOrder, PaymentMethod } from '@common/c2c/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { HttpError } from '@/lib/http/errors'
import { ImagePicker, type Picked } from '@/ui/ImagePicker'
import { PageHeader } from '@/ui/PageHeader'
import { Sheet } from '@/ui/Sheet'
import { Stat } from '@/ui/Stat'
import { AppealSheet } from './AppealSheet'
import { c2cApi, c2cKeys, orderQueryOptions } from './api'
import { ORDER_STATUS, ORDER_TONE, OUTCOME, PAY_KIND } from './labels'
import { useC2cUpdates } from './live'
import { OrderChat } from './OrderChat'
import styles from './styles'
import { TraderLine } from './TraderLine'
import { useOrderImage } from './use-order-image'

/** True from the moment `until` passes (one timer, no re-render each second). */
function usePassed(until: number | undefined): boolean {
  const [passed, setPassed] = useState(() => until !== undefined && Date.now() >= until)
  useEffect(() => {
    if (until === undefined) return
    const ms = until - Date.now()
    setPassed(ms <= 0)
    if (ms <= 0) return
    const t = setTimeout(() => setPassed(true), ms)
    return () => clearTimeout(t)
  }, [until])
  return passed
}

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  const left = Math.max(0, Math.floor((until - now) / 1000))
  const mm = String(Math.floor(left / 60)).padStart(2, '0')
  const ss = String(left % 60).padStart(2, '0')
  return (
    <span className={styles.countdown} data-testid="c2c-countdown">
      {mm}:{ss}
    </span>
  )
}

function PaymentCard({ orderId, p }: { orderId: string; p: PaymentMethod }) {
  const { t, i18n } = useLingui()
  const qr = useOrderImage(orderId, p.qr)
  return (
    <div className={styles.card} data-testid="c2c-payment">
      <span className={styles.sectionTitle}>{i18n._(PAY_KIND[p.kind])}</span>
      <dl className={styles.kv}>
        <Stat label={t`Name`}>{p.name}</Stat>
        <Stat label={p.kind === 'bank' ? t`Card number` : t`Account`}>{p.account}</Stat>
        {p.bank && (
          <Stat label={t`Bank`}>
            {p.bank} {p.branch}
          </Stat>
        )}
      </dl>
      {qr && <img src={qr} alt={t`Payment code`} style={{ maxWidth: 180 }} />}
    </div>
  )
}

/** pages/transaction/order: one order with its state, countdown, the seller's payment details, actions and chat. */
export function OrderPage({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const { amount: fmt } = useFormat()
  const when = useDateTime()
  const qc = useQueryClient()
  useC2cUpdates()
  // The server said the time to pay ran out (the phone's clock may run behind the server's).
  const [over, setOver] = useState(false)
  const q = useQuery({
    ...orderQueryOptions(id),
    // Past the payment window the server cancels the order within seconds: read it until it has.
    refetchInterval: (query) => {
      const d = query.state.data
      return d?.status === 'unpaid' && (over || Date.now() >= d.expiresAt) ? 3000 : false
    },
  })
  const [busy, setBusy] = useState(false)
  const [proof, setProof] = useState<Picked[]>([])
  const [confirm, setConfirm] = useState(false)
  const [appeal, setAppeal] = useState(false)
  const o = q.data
  const passed = usePassed(o?.status === 'unpaid' ? o.expiresAt : undefined)
  const proofUrl = useOrderImage(id, o?.proof ?? null)

  const act = async (path: string, body: Record<string, unknown> = {}) => {
    try {
      const next = await c2cApi.post<C2cOrder>(path, { id, ...body }, { loading: true, btnLoading: setBusy })
      qc.setQueryData(c2cKeys.order(id), next)
      void qc.invalidateQueries({ queryKey: c2cKeys.mine() })
      void balancesChanged(qc, 'c2c', { now: true })
      setConfirm(false)
    } catch (e) {
      // Shown by the http layer. The time ran out (or the order changed meanwhile): show its state.
      if (e instanceof HttpError && (e.code === 2435 || e.code === 2411)) {
        if (e.code === 2435) setOver(true)
        void qc.invalidateQueries({ queryKey: c2cKeys.order(id) })
      }
    }
  }

  if (!o) return <PageHeader title={t`Order`} backLabel={t`Back`} />
  const buyer = o.role === 'buyer'
  // The window is over but the server has not cancelled the order yet (it does within seconds).
  const lapsed = o.status === 'unpaid' && (over || passed)
  const other = buyer ? o.seller : o.buyer
  const sug = o.appeal?.suggestion
  const myAnswer = sug ? (buyer ? sug.buyer : sug.seller) : null
  return (
    <>
      <PageHeader
        title={buyer ? t`Buy ${o.coin}` : t`Sell ${o.coin}`}
        backLabel={t`Back`}
        right={
          <Link to="/pages/transaction/orders" className={styles.headLink}>
            <Trans>My orders</Trans>
          </Link>
        }
      />
      <div className={styles.page}>
        <section className={styles.card}>
          <div className={styles.cardTop}>
            <span
              className={styles.badge}
              data-tone={lapsed ? ORDER_TONE.timeout : ORDER_TONE[o.status]}
              data-testid="c2c-status"
            >
              {lapsed ? t`Time is up` : i18n._(ORDER_STATUS[o.status])}
            </span>
            {o.status === 'unpaid' && !lapsed && <Countdown until={o.expiresAt} />}
          </div>
          {lapsed && (
            <span className={styles.hint} data-testid="c2c-lapsed">
              {t`The time to pay has run out: the order is being cancelled and the coins go back to the seller.`}
            </span>
          )}
          {o.status === 'unpaid' && !lapsed && (
            <span className={styles.hint}>
              {buyer
                ? t`Pay within the time left, or the order is cancelled and the coins go back to the seller.`
                : t`Waiting for the buyer to pay. Coins are never released by a timer.`}
            </span>
          )}
          <dl className={styles.kv}>
            <Stat
              label={t({ message: 'Amount', context: 'fiat sum' })}
              className={styles.strong}
              data-testid="c2c-amount"
            >
              {fmt(o.amount)} {o.fiat}
            </Stat>
            <Stat label={t`Price`}>
              {fmt(o.price)} {o.fiat}
            </Stat>
            <Stat label={t`Quantity`}>
              {fmt(o.quantity)} {o.coin}
            </Stat>
            {o.settledToBuyer !== null && o.settledToBuyer !== o.quantity && (
              <Stat label={t`Settled to the buyer`}>
                {fmt(o.settledToBuyer)} {o.coin}
              </Stat>
            )}
            <Stat label={t`Order number`}>{o.id}</Stat>
            <Stat label={t`Created`}>{when(o.createdAt)}</Stat>
            {o.paidAt && <Stat label={t`Paid`}>{when(o.paidAt)}</Stat>}
            {o.doneAt && <Stat label={t`Ended`}>{when(o.doneAt)}</Stat>}
          </dl>
          <span className={styles.hint}>{buyer ? t`Seller` : t`Buyer`}</span>
          <TraderLine trader={other} />
        </section>

        <section className={styles.kv}>
          <span className={styles.sectionTitle}>
            {buyer ? t`Pay to one of the seller's accounts` : t`Your accounts shown to the buyer`}
          </span>
          {o.payment.map((p) => (
            <PaymentCard key={p.id} orderId={o.id} p={p} />
          ))}
          {proofUrl && <img src={proofUrl} alt={t`Payment proof`} style={{ maxWidth: 200 }} />}
        </section>

        {o.appeal && (
          <section className={styles.card} data-testid="c2c-appeal">
            <span className={styles.sectionTitle}>
              {o.appeal.openedBy === 'buyer' ? t`Appeal by the buyer` : t`Appeal by the seller`}
            </span>
            <p className={styles.hint} style={{ whiteSpace: 'pre-wrap' }}>
              {o.appeal.content}
            </p>
            {o.appeal.outcome && (
              <p className={styles.strong}>
                {i18n._(OUTCOME[o.appeal.outcome])}
                {o.appeal.reason ? ` · ${o.appeal.reason}` : ''}
              </p>
            )}
            {o.appeal.status === 'suggested' && sug && (
              <div className={styles.kv}>
                <p>
                  {t`Suggested settlement: ${fmt(sug.toBuyer)} ${o.coin} to the buyer, the rest back to the seller.`}
                </p>
                <p className={styles.hint}>{sug.reason}</p>
                {myAnswer === null ? (
                  <div className={styles.row}>
                    <button
                      type="button"
                      className={styles.btn}
                      disabled={busy}
                      onClick={() => void act('c2c/order/settlement', { accept: true })}
                      data-testid="c2c-accept"
                    >
                      <Trans>Accept</Trans>
                    </button>
                    <button
                      type="button"
                      className={styles.btnGhost}
                      disabled={busy}
                      onClick={() => void act('c2c/order/settlement', { accept: false })}
                    >
                      <Trans>Refuse</Trans>
                    </button>
                  </div>
                ) : (
                  <p className={styles.hint}>{t`You accepted. Waiting for the other party.`}</p>
                )}
              </div>
            )}
          </section>
        )}

        {buyer && o.status === 'unpaid' && !lapsed && (
          <section className={styles.kv}>
            <span className={styles.hint}>{t`Payment screenshot (optional)`}</span>
            <ImagePicker label={t`Add image`} max={1} value={proof} onChange={setProof} />
            <div className={styles.row}>
              <button
                type="button"
                className={styles.btn}
                disabled={busy}
                onClick={() => void act('c2c/order/paid', proof[0] ? { proof: proof[0].id } : {})}
                data-testid="c2c-paid"
              >
                <Trans>I have paid</Trans>
              </button>
              <button
                type="button"
                className={styles.btnGhost}
                disabled={busy}
                onClick={() => void act('c2c/order/cancel')}
                data-testid="c2c-cancel"
              >
                <Trans>Cancel order</Trans>
              </button>
            </div>
          </section>
        )}
        {!buyer && (o.status === 'paid' || o.status === 'unpaid') && (
          <div className={styles.row}>
            <button
              type="button"
              className={styles.btn}
              disabled={busy}
              onClick={() => setConfirm(true)}
              data-testid="c2c-release"
            >
              <Trans>Payment received, release</Trans>
            </button>
            {o.status === 'paid' && (
              <button
                type="button"
                className={styles.btnGhost}
                onClick={() => setAppeal(true)}
                data-testid="c2c-not-received"
              >
                <Trans>Not received</Trans>
              </button>
            )}
          </div>
        )}
        {buyer && o.status === 'paid' && (
          <button
            type="button"
            className={styles.btnGhost}
            onClick={() => setAppeal(true)}
            data-testid="c2c-appeal-open"
          >
            <Trans>Appeal</Trans>
          </button>
        )}

        <OrderChat order={o} />
      </div>
      {confirm && (
        <Sheet title={t`Release the coins?`} onClose={() => setConfirm(false)} closeLabel={t`Close`}>
          <p>
            {t`Release ${fmt(o.quantity)} ${o.coin} to the buyer. Do this only after ${fmt(o.amount)} ${o.fiat} is in your account: a release cannot be undone.`}
          </p>
          <button
            type="button"
            className={styles.btn}
            disabled={busy}
            onClick={() => void act('c2c/order/release')}
            data-testid="c2c-release-confirm"
          >
            <Trans>Release</Trans>
          </button>
        </Sheet>
      )}
      {appeal && <AppealSheet order={o} onClose={() => setAppeal(false)} />}
    </>
  )
}
