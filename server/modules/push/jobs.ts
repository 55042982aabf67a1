import type { ContractUserMessage, Liquidation } from '@common/contract/schema'
import type { SeriesTicker as Ticker } from '@common/market/types'
import type { AlertKind, PushPayload } from '@common/push/schema'
import { executionOf, type SpotOrder } from '@common/spot/schema'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { MarketData } from '../../market/service'
import { claimNotices } from '../../platform/notify/notices'
import { pushService } from '../../platform/notify/push-service'
import { alertHit } from './alerts'
import { pushNotice } from './notices'
import { pushText } from './texts'

interface Log {
  error(o: unknown, m?: string): void
}

interface ActiveAlert {
  id: string
  userId: string
  symbol: string
  kind: AlertKind
  value: string
  above: string | null
  below: string | null
}

const ICON = '/icons/icon-192.png'
/** How often notices published for a later time are looked for. */
const NOTICE_CHECK_MS = 60_000

/** A fired price alert's push, in a language. */
export function alertPayload(
  a: Pick<ActiveAlert, 'id' | 'symbol' | 'kind' | 'value'>,
  price: string,
  lang: string,
): PushPayload {
  const values = { symbol: a.symbol, value: a.value, price }
  const body = a.kind === 'above' ? 'alertAbove' : a.kind === 'below' ? 'alertBelow' : 'alertMove'
  return {
    title: pushText(lang, 'alertTitle', values),
    body: pushText(lang, body, values),
    icon: ICON,
    tag: `alert-${a.id}`,
    url: `/#/pages/market/quote?symbol=${encodeURIComponent(a.symbol)}`,
  }
}

const ORDER_TEXT = {
  limit: { buy: 'limitBuy', sell: 'limitSell' },
  market: { buy: 'marketBuy', sell: 'marketSell' },
} as const

/** A filled spot order's push, in a language. */
export function fillPayload(o: SpotOrder, lang: string): PushPayload {
  const values = {
    symbol: o.symbol,
    amount: o.filled,
    price: o.avgPrice ?? '',
    order: pushText(lang, ORDER_TEXT[executionOf(o.type)][o.side]),
  }
  return {
    title: pushText(lang, 'fillTitle', values),
    body: pushText(lang, o.avgPrice ? 'fillBody' : 'fillBodyNoPrice', values),
    icon: ICON,
    tag: `order-${o.id}`,
    url: '/#/pages/assets/trade-record',
  }
}

/** A liquidated position's notification, in a language (the trader may not have the app open). */
export function liquidationPayload(l: Liquidation, lang: string): PushPayload {
  const values = {
    symbol: l.symbol,
    lots: l.lots,
    price: l.closePrice,
    index: l.indexPrice,
    side: pushText(lang, l.side === 'long' ? 'sideLong' : 'sideShort'),
  }
  return {
    title: pushText(lang, 'liquidationTitle', values),
    body: pushText(lang, 'liquidationBody', values),
    icon: ICON,
    tag: `liquidation-${l.id}`,
    url: '/#/pages/assets/leverage-record?tab=liquidations',
  }
}

/** An engine's user events as push listens to them (main passes the spot and contract services). */
interface Events<E extends string, A extends unknown[]> {
  on(event: E, listener: (...args: A) => void): unknown
  off(event: E, listener: (...args: A) => void): unknown
}
type SpotOrderEvents = Events<'order', [holder: string, order: SpotOrder]>
type ContractUserEvents = Events<'user', [holder: string, msg: ContractUserMessage]>

/**
 * Background work of notifications: evaluates active price alerts against every index ticker
 * (each fires once: the row is switched to `fired` before anything is sent) and notifies filled
 * spot orders and liquidated contract positions (under the order-fill switch). main.ts starts it next to the market; tests start it on their own market.
 */
export class PushJobs {
  private bySymbol = new Map<string, ActiveAlert[]>()
  private loading: Promise<void> = Promise.resolve()
  private stale = true
  /** Work in flight, so stop() and tests can wait for it. */
  private pending = new Set<Promise<unknown>>()
  private noticeTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly spot: SpotOrderEvents | null,
    private readonly log?: Log,
    private readonly contract: ContractUserEvents | null = null,
  ) {}

  start(): this {
    this.market.on('ticker', this.onTicker)
    this.spot?.on('order', this.onOrder)
    this.contract?.on('user', this.onContract)
    pushService(this.db).on('alerts', this.onAlertsChanged)
    this.reload()
    this.noticeTimer = setInterval(() => this.track(this.pushDueNotices()), NOTICE_CHECK_MS)
    this.noticeTimer.unref()
    return this
  }

  async stop(): Promise<void> {
    this.market.off('ticker', this.onTicker)
    this.spot?.off('order', this.onOrder)
    this.contract?.off('user', this.onContract)
    pushService(this.db).off('alerts', this.onAlertsChanged)
    if (this.noticeTimer) clearInterval(this.noticeTimer)
    this.noticeTimer = null
    await this.idle()
  }

  /** Resolves once everything started so far (alert reloads, firings, sends) is done. */
  async idle(): Promise<void> {
    await this.loading
    while (this.pending.size) await Promise.allSettled([...this.pending])
    await pushService(this.db).idle()
  }

  private track<T>(p: Promise<T>): void {
    const q = p.catch((err) => this.log?.error({ err }, 'push job failed'))
    this.pending.add(q)
    void q.finally(() => this.pending.delete(q))
  }

  private readonly onAlertsChanged = () => {
    this.stale = true
    this.reload()
  }

  private reload(): void {
    this.loading = this.loading.then(async () => {
      if (!this.stale) return
      this.stale = false
      try {
        const rows = await this.db
          .selectFrom('price_alert')
          .select(['id', 'user_id', 'symbol', 'kind', 'value', 'above', 'below'])
          .where('status', '=', 'active')
          .execute()
        const map = new Map<string, ActiveAlert[]>()
        for (const r of rows) {
          const a: ActiveAlert = {
            id: String(r.id),
            userId: r.user_id,
            symbol: r.symbol,
            kind: r.kind as AlertKind,
            value: String(r.value),
            above: r.above === null ? null : String(r.above),
            below: r.below === null ? null : String(r.below),
          }
          const list = map.get(a.symbol) ?? []
          list.push(a)
          map.set(a.symbol, list)
        }
        this.bySymbol = map
      } catch (err) {
        this.stale = true
        this.log?.error({ err }, 'price alerts could not be loaded')
      }
    })
  }

  private readonly onTicker = (t: Ticker) => {
    const list = this.bySymbol.get(t.symbol)
    if (!list?.length) return
    const hits = list.filter((a) => alertHit(a, t.last))
    if (!hits.length) return
    // Out of the index at once, so the next tick does not fire them again.
    this.bySymbol.set(
      t.symbol,
      list.filter((a) => !hits.includes(a)),
    )
    for (const a of hits) this.track(this.fire(a, t.last))
  }

  private async fire(a: ActiveAlert, price: string): Promise<void> {
    const fired = await this.db
      .updateTable('price_alert')
      .set({ status: 'fired', fired_price: price, fired_at: sql<Date>`now()` })
      .where('id', '=', a.id)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst()
    if (!fired) return
    await pushService(this.db).notify(a.userId, 'priceAlert', (lang) => alertPayload(a, price, lang))
  }

  /** Pushes notices whose scheduled time has come (published ones go out from the publish request). */
  async pushDueNotices(): Promise<void> {
    for (const id of await claimNotices(this.db)) await pushNotice(this.db, id)
  }

  private readonly onOrder = (holder: string, o: SpotOrder) => {
    if (o.status !== 'filled') return
    this.track(pushService(this.db).notify(holder, 'orderFill', (lang) => fillPayload(o, lang)))
  }

  private readonly onContract = (holder: string, msg: ContractUserMessage) => {
    if (!('liquidation' in msg)) return
    const l = msg.liquidation
    this.track(pushService(this.db).notify(holder, 'orderFill', (lang) => liquidationPayload(l, lang)))
  }
}
