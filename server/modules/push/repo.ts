import { sql } from 'kysely'
import type { Db } from '../../db/db'

/*
 * Device subscriptions, notification preferences and price alerts of the push module. Sending,
 * VAPID keys and reading preferences are the platform's (server/platform/notify/).
 */

/**
 * Saves a device's subscription and language, or refreshes the caller's own; false when another
 * account holds the endpoint (it is never moved).
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string; lang: string },
): Promise<boolean> {
  const saved = await db
    .insertInto('push_subscription')
    .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, lang: s.lang })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: s.p256dh, auth: s.auth, lang: s.lang, created_at: sql<Date>`now()` })
        .where('push_subscription.user_id', '=', userId),
    )
    .returning('id')
    .executeTakeFirst()
  return saved !== undefined
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscription')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute()
}

export async function deviceCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscription')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function savePrefs(
  db: Db,
  userId: string,
  row: { price_alert: boolean; order_fill: boolean; notice: boolean },
): Promise<void> {
  await db
    .insertInto('push_pref')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, updated_at: sql<Date>`now()` }))
    .execute()
}

// ---- price alerts ----

/** A user's alerts, newest first (at most 200). */
export function alertsOf(db: Db, userId: string) {
  return db
    .selectFrom('price_alert')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
}

export async function activeAlertCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('price_alert')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertAlert(
  db: Db,
  a: {
    userId: string
    symbol: string
    kind: string
    value: string
    basePrice: string
    above: string | null
    below: string | null
  },
): Promise<string> {
  const row = await db
    .insertInto('price_alert')
    .values({
      user_id: a.userId,
      symbol: a.symbol,
      kind: a.kind,
      value: a.value,
      base_price: a.basePrice,
      above: a.above,
      below: a.below,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return String(row.id)
}

/** Removes one of the user's alerts; false when it is not theirs. */
export async function deleteAlert(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('price_alert')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  return gone !== undefined
}
