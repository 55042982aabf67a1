import { normalize } from '@common/money/decimal'
import type { OptionType } from '@common/option/rules'
import type { PushPayload } from '@common/push/schema'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { MarketData } from '../../market/service'
import { pushService } from '../../platform/notify/push-service'
import { type SendResult, type Subscription, sendToSubscriptions } from '../../platform/notify/sender'
import { optionPushText } from './push-texts'
import type { RoundRow } from './round-repo'
import { optionService, type SettledOrder } from './service'

const TICK_MS = 1000

type Log = { warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }

/** The notification of a settled option, in the reader's language. */
export function settlementPayload(o: SettledOrder, round: RoundRow, lang: string): PushPayload {
  const values = {
    symbol: o.symbol,
    amount: o.amount,
    payout: o.payout,
    open: round.open_price ?? '',
    close: round.close_price ?? '',
    type: optionPushText(lang, o.type),
  }
  const body = o.outcome === 'win' ? 'bodyWin' : o.outcome === 'lose' ? 'bodyLose' : 'bodyVoid'
  return {
    title: optionPushText(lang, 'title', values),
    body: optionPushText(lang, body, values),
    icon: '/icons/icon-192.png',
    tag: `option-${o.id}`,
    url: '/#/pages/assets/option-record',
  }
}

/** How many orders' pushes are sent at once after a settlement. */
const PUSH_CONCURRENCY = 8

/**
 * The pushes of a settled round (its in-app notifications were written by the settlement): one
 * query finds the devices of the round's holders who want order pushes (no preference: they do),
 * then each order is pushed to its holder's devices, each in the device's language.
 */
export async function pushSettled(db: Db, round: RoundRow): Promise<SendResult> {
  const { rows } = await sql<{
    id: string
    holder: string
    type: OptionType
    amount: string
    outcome: SettledOrder['outcome']
    payout: string
    sub_id: string
    endpoint: string
    p256dh: string
    auth: string
    lang: string
  }>`
    select o.id::text as id, o.holder, o.type, o.amount::text as amount, o.outcome, o.payout::text as payout,
      s.id::text as sub_id, s.endpoint, s.p256dh, s.auth, s.lang
    from option_order o
    join push_subscription s on s.user_id = o.holder
    left join push_pref p on p.user_id = o.holder
    where o.round_id = ${round.id}::bigint and o.status = 'settled' and coalesce(p.order_fill, true)
    order by o.id, s.id`.execute(db)
  const total: SendResult = { sent: 0, removed: 0, failed: 0 }
  if (rows.length === 0) return total
  const byOrder = new Map<string, { order: SettledOrder; subs: Subscription[] }>()
  for (const r of rows) {
    let e = byOrder.get(r.id)
    if (!e) {
      e = {
        order: {
          id: r.id,
          holder: r.holder,
          symbol: round.symbol,
          type: r.type,
          amount: normalize(r.amount),
          outcome: r.outcome,
          payout: normalize(r.payout),
        },
        subs: [],
      }
      byOrder.set(r.id, e)
    }
    e.subs.push({ id: r.sub_id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, lang: r.lang })
  }
  const vapid = await pushService(db).keys()
  const queue = [...byOrder.values()]
  const worker = async () => {
    for (let e = queue.shift(); e; e = queue.shift()) {
      const { order } = e
      const r = await sendToSubscriptions(db, vapid, e.subs, (lang) => settlementPayload(order, round, lang))
      total.sent += r.sent
      total.removed += r.removed
      total.failed += r.failed
    }
  }
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, queue.length) }, worker))
  return total
}

/**
 * The options schedulers under one named runner ("option-jobs") per process (the exchange holds
 * one process per database; a flag keeps a second start out). Every second: the recorded index
 * ticks are written, then every round past its delivery second is settled. Settlement is
 * idempotent in the database (orders are claimed waiting -> settled inside the settling
 * transaction), so a restart simply settles what is due, from the stored ticks.
 */
export class OptionJobs {
  static readonly runner = 'option-jobs'
  static running = new WeakSet<Db>()
  private timer: ReturnType<typeof setInterval> | null = null
  private busy = false

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly log?: Log,
  ) {}

  start(): this {
    if (OptionJobs.running.has(this.db))
      throw new Error(`${OptionJobs.runner} already running in this process`)
    OptionJobs.running.add(this.db)
    const svc = optionService(this.db)
    svc.listen(this.market)
    svc.onSettled = (round) => {
      void pushSettled(this.db, round).catch((err) => this.log?.warn({ err }, 'option push failed'))
    }
    svc.onNotifyFailed = (err, round) =>
      this.log?.warn({ err, round: round.id }, 'option settlement notifications failed')
    this.timer = setInterval(() => void this.pass(), TICK_MS)
    this.timer.unref?.()
    return this
  }

  async pass(): Promise<void> {
    if (this.busy) return
    this.busy = true
    try {
      const svc = optionService(this.db)
      await svc.init()
      await svc.flushTicks()
      const n = await svc.settleDue(this.log)
      if (n) this.log?.info({ rounds: n }, 'option rounds settled')
    } catch (err) {
      this.log?.warn({ err }, 'option jobs: run failed')
    } finally {
      this.busy = false
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    while (this.busy) await new Promise((r) => setTimeout(r, 20))
    await optionService(this.db).flushTicks()
    OptionJobs.running.delete(this.db)
  }
}
