import { type CreateTableBuilder, type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

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
