import type { Db } from '../../db/db'

/** A cheap query that proves the database answers (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.selectFrom('app_release').select('id').limit(1).execute()
}

/** The newest app release. */
export function newestRelease(db: Db) {
  return db
    .selectFrom('app_release')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}

/** The enabled coins' colours, in display order. */
export function coinColors(db: Db) {
  return db
    .selectFrom('asset')
    .select(['code', 'color'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .execute()
}

/** The bases of instruments that are not coins (metals, stocks, currencies) with their colours. */
export function otherBaseColors(db: Db) {
  return db
    .selectFrom('instrument')
    .select(['base', 'logo_color'])
    .distinct()
    .where('base', 'not in', db.selectFrom('asset').select('code'))
    .execute()
}

/** The colour of a coin, or else of an instrument's base, by code. */
export async function logoColorOf(
  db: Db,
  code: string,
): Promise<{ code: string; color: string } | undefined> {
  return (
    (await db.selectFrom('asset').select(['code', 'color']).where('code', '=', code).executeTakeFirst()) ??
    (await db
      .selectFrom('instrument')
      .select(['base as code', 'logo_color as color'])
      .where('base', '=', code)
      .limit(1)
      .executeTakeFirst())
  )
}
