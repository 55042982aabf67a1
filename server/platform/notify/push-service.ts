import { EventEmitter } from 'node:events'
import { DEFAULT_LANG, LANG_CODES } from '@common/i18n/languages'
import type { PushPayload, PushPrefs, PushType } from '@common/push/schema'
import { type Db, perDb } from '../../db/db'
import { type Localized, type SendResult, sendToSubscriptions, sendToUser } from './sender'
import { loadVapid, type Vapid } from './vapid'

const PREF_COLUMN = { priceAlert: 'price_alert', orderFill: 'order_fill', notice: 'notice' } as const

const BROADCAST_PAGE = 500

export const DEFAULT_PREFS: PushPrefs = { priceAlert: true, orderFill: true, notice: true }

export async function readPrefs(db: Db, userId: string): Promise<PushPrefs> {
  const row = await db
    .selectFrom('push_pref')
    .select(['price_alert', 'order_fill', 'notice'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row
    ? { priceAlert: row.price_alert, orderFill: row.order_fill, notice: row.notice }
    : { ...DEFAULT_PREFS }
}

interface Log {
  error(o: unknown, m?: string): void
}

interface PushEvents {
  /** Price alerts were created or deleted: the watcher reloads. */
  alerts: []
}

/**
 * Notifications of one database: writes the in-app notification row, then pushes to the user's
 * devices when the user wants pushes of that type. Shared by the routes and the background jobs.
 */
export class PushService extends EventEmitter<PushEvents> {
  private vapid: Promise<Vapid> | null = null
  /** Sends started by requests, so shutdown and tests can wait for them. */
  private pending = new Set<Promise<unknown>>()

  constructor(private readonly db: Db) {
    super()
    this.setMaxListeners(0)
  }

  keys(): Promise<Vapid> {
    if (!this.vapid) {
      this.vapid = loadVapid(this.db)
      this.vapid.catch(() => {
        this.vapid = null
      })
    }
    return this.vapid
  }

  /** Pushes to a user's devices (each in its language) if the user wants this type; null when not wanted. */
  async push(userId: string, type: PushType, payload: Localized): Promise<SendResult | null> {
    const prefs = await readPrefs(this.db, userId)
    if (!prefs[type]) return null
    return sendToUser(this.db, await this.keys(), userId, payload)
  }

  /**
   * An in-app notification row, then a push. A localized payload is stored in every app language
   * (the inbox reads in the reader's current language); `title`/`body` hold the text in the
   * language of the user's most recently subscribed device, the fallback.
   */
  async notify(userId: string, type: PushType, payload: Localized): Promise<SendResult | null> {
    const localized = typeof payload === 'function' ? payload : null
    const p = localized ? localized(await this.lastLang(userId)) : (payload as PushPayload)
    const texts = localized
      ? JSON.stringify(
          Object.fromEntries(
            LANG_CODES.map((l) => {
              const x = localized(l)
              return [l, { title: x.title, body: x.body }]
            }),
          ),
        )
      : null
    await this.db
      .insertInto('notification')
      .values({ user_id: userId, title: p.title, body: p.body, texts })
      .execute()
    return this.push(userId, type, payload)
  }

  private async lastLang(userId: string): Promise<string> {
    const last = await this.db
      .selectFrom('push_subscription')
      .select('lang')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    return last?.lang ?? DEFAULT_LANG
  }

  /**
   * Pushes to every device whose owner wants this type (a user without preferences wants all),
   * a page of devices at a time.
   */
  async broadcast(type: PushType, payload: Localized): Promise<SendResult> {
    const vapid = await this.keys()
    const col = `p.${PREF_COLUMN[type]}` as const
    const total: SendResult = { sent: 0, removed: 0, failed: 0 }
    let after = '0'
    for (;;) {
      const subs = await this.db
        .selectFrom('push_subscription as s')
        .leftJoin('push_pref as p', 'p.user_id', 's.user_id')
        .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 's.lang'])
        .where('s.id', '>', after)
        .where((eb) => eb.or([eb(col, 'is', null), eb(col, '=', true)]))
        .orderBy('s.id')
        .limit(BROADCAST_PAGE)
        .execute()
      if (subs.length === 0) return total
      const r = await sendToSubscriptions(
        this.db,
        vapid,
        subs.map((s) => ({ ...s, id: String(s.id) })),
        payload,
      )
      total.sent += r.sent
      total.removed += r.removed
      total.failed += r.failed
      after = String(subs[subs.length - 1]?.id)
    }
  }

  /** Runs a send after the request that caused it has answered; failures are logged, never thrown. */
  background(what: string, task: () => Promise<unknown>, log?: Log): void {
    const p = Promise.resolve()
      .then(task)
      .catch((err) => log?.error({ err }, `${what} failed`))
    this.pending.add(p)
    void p.finally(() => this.pending.delete(p))
  }

  /** Resolves once every background send started so far is done. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
  }

  prefColumn(type: PushType) {
    return PREF_COLUMN[type]
  }
}

/** One service per database. */
export const pushService = perDb((db) => new PushService(db))
