import { FAVORITES_MAX } from '@common/market/schema'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'

export async function listFavorites(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('favorite')
    .select('symbol')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('symbol')
    .execute()
  return rows.map((r) => r.symbol)
}

/** Adds symbols (already checked to exist) that are not yet favourites, within the cap. */
export async function addFavorites(db: Db, userId: string, symbols: readonly string[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const current = await listFavorites(trx as unknown as Db, userId)
    const fresh = [...new Set(symbols)].filter((s) => !current.includes(s))
    if (fresh.length === 0) return current
    if (current.length + fresh.length > FAVORITES_MAX) throw new AppError('tooManyFavorites')
    const base = Date.now()
    await trx
      .insertInto('favorite')
      // Distinct times keep the order in which they were added.
      .values(fresh.map((symbol, i) => ({ user_id: userId, symbol, created_at: new Date(base + i) })))
      .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
      .execute()
    return listFavorites(trx as unknown as Db, userId)
  })
}

export async function removeFavorite(db: Db, userId: string, symbol: string): Promise<string[]> {
  await db.deleteFrom('favorite').where('user_id', '=', userId).where('symbol', '=', symbol).execute()
  return listFavorites(db, userId)
}
