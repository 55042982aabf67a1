import { type CreateTableBuilder, type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
export type AnyDb = Kysely<any>

/**
 * A table's columns as one list, name to SQL definition (`'numeric not null default 0'`,
 * `'text not null references users (id)'`), in table order: `table(db, name, {...})`.
 * The definitions are written by hand in the migrations, never built from input.
 */
export function columns(defs: Record<string, string>) {
  return <TB extends string, C extends string>(
    table: CreateTableBuilder<TB, C>,
  ): CreateTableBuilder<TB, string> =>
    Object.entries(defs).reduce<CreateTableBuilder<TB, string>>(
      (t, [name, def]) => t.addColumn(name, sql.raw(def)),
      table as unknown as CreateTableBuilder<TB, string>,
    )
}

/** `create table <name> (<columns>)`, to `.execute()` (after any table constraint). */
export function table(db: AnyDb, name: string, defs: Record<string, string>) {
  return db.schema.createTable(name).$call(columns(defs))
}

/** A plain index on `columns`, in that order. */
export async function index(db: AnyDb, name: string, on: string, cols: string[]): Promise<void> {
  await db.schema.createIndex(name).on(on).columns(cols).execute()
}

/**
 * An order table's indexes (spot_order, contract_order): a holder's orders by id, and the open
 * (or partly filled) orders of each market by id.
 */
export async function orderIndexes(db: AnyDb, t: string): Promise<void> {
  await index(db, `${t}_holder`, t, ['holder', 'id'])
  await sql`create index ${sql.id(`${t}_open`)} on ${sql.table(t)} (symbol, id) where status in ('open', 'partial')`.execute(
    db,
  )
}

/** `drop table` for each name, in the order given (a migration's `down`). */
export async function dropTables(db: AnyDb, names: string[]): Promise<void> {
  for (const t of names) await db.schema.dropTable(t).execute()
}

/*
 * Column groups several tables share, spread into a `table` list where they stand
 * (`{ id: ..., ...reviewed }`): object spread keeps their order. Shipped migrations use them, so
 * they are frozen like the migrations themselves: a later change adds a new group, never edits one.
 */

/** A staff review of a user's request: why it was rejected, when and by whom. */
export const reviewed = { reject_reason: 'text', reviewed_at: 'timestamptz', reviewer_id: 'text' }

/** An image stored in the database, re-encoded by the server: its type, size in bytes and pixels. */
export const imageBytes = {
  mime: 'text not null',
  size: 'integer not null',
  width: 'integer not null',
  height: 'integer not null',
  bytes: 'bytea not null',
}

/** A candle of one market and period (the primary key is symbol, period, open_time). */
export const candle = {
  symbol: 'text not null references instrument (symbol)',
  period: 'text not null',
  open_time: 'bigint not null',
  open: 'numeric not null',
  high: 'numeric not null',
  low: 'numeric not null',
  close: 'numeric not null',
  volume: 'numeric not null',
  turnover: 'numeric not null',
}

/** A help academy article in every language ([lang, title, body]), published with the migration. */
export async function addHelpArticle(db: AnyDb, category: string, texts: [string, string, string][]) {
  const row = await db
    .insertInto('article')
    .values({ type: 'help', category, status: 'published', publish_at: sql`now()`, sort: 50 })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [lang, title, body] of texts)
    await db.insertInto('article_text').values({ article_id: row.id, lang, title, body }).execute()
}

/**
 * A help academy article rewritten in every language ([lang, title, body]): the row of that
 * language titled `oldTitles[lang]` (by default the new title itself) gets the new title and body.
 */
export async function rewriteArticle(
  db: AnyDb,
  texts: [string, string, string][],
  oldTitles: Record<string, string> = {},
): Promise<void> {
  for (const [lang, title, body] of texts)
    await sql`update article_text set title = ${title}, body = ${body}
      where lang = ${lang} and title = ${oldTitles[lang] ?? title}`.execute(db)
}
