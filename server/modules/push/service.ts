import { EventEmitter } from 'node:events'
import type { PushPayload, PushPrefs, PushType } from '@common/schemas/push'
import type { Db } from '../../db/db'
import { type SendResult, sendToUser } from './sender'
import { loadVapid, type Vapid } from './vapid'

const PREF_COLUMN = { priceAlert: 'price_alert', orderFill: 'order_fill', notice: 'notice' } as const

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

  /** Pushes to a user's devices if the user wants this type; null when not wanted. */
  async push(userId: string, type: PushType, payload: PushPayload): Promise<SendResult | null> {
    const prefs = await readPrefs(this.db, userId)
    if (!prefs[type]) return null
    return sendToUser(this.db, await this.keys(), userId, payload)
  }

  /** An in-app notification row, then a push. */
  async notify(userId: string, type: PushType, payload: PushPayload): Promise<SendResult | null> {
    await this.db
      .insertInto('notification')
      .values({ user_id: userId, title: payload.title, body: payload.body })
      .execute()
    return this.push(userId, type, payload)
  }

  prefColumn(type: PushType) {
    return PREF_COLUMN[type]
  }
}

const services = new WeakMap<Db, PushService>()
export function pushService(db: Db): PushService {
  let s = services.get(db)
  if (!s) {
    s = new PushService(db)
    services.set(db, s)
  }
  return s
}
