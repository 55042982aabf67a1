import type { Kysely } from 'kysely'
import type { Database } from './schema'

/** A row of the `setting` table (key -> JSON value), or undefined; `forUpdate` locks it in the transaction. */
export async function readSetting(
  db: Kysely<Database>,
  key: string,
  opts: { forUpdate?: boolean } = {},
): Promise<unknown | undefined> {
  let q = db.selectFrom('setting').select('value').where('key', '=', key)
  if (opts.forUpdate) q = q.forUpdate()
  const row = await q.executeTakeFirst()
  return row?.value
}

/** A switch setting: on unless its row says false (a missing row means on). */
export async function settingOn(db: Kysely<Database>, key: string): Promise<boolean> {
  const value = await readSetting(db, key)
  if (value === undefined) return true
  const v = typeof value === 'string' ? value.trim() : value
  return !(v === false || v === 'false')
}

/** Stores a setting (as JSON), creating the row or replacing its value. */
export async function writeSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value)
  await db
    .insertInto('setting')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute()
}
