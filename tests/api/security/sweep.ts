import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../../server/db/db'
import { TRADE } from '../accounts/helpers'
import { ADDR } from '../assets/helpers'

/**
 * Plausible values for the usual request fields, so a request gets past validation to the check a
 * sweep is after (ownership, or the one hostile field). Key order is kept: the fuzz picks fields by
 * it.
 */
export const SWEEP_FILLER: Readonly<Record<string, unknown>> = {
  symbol: 'BTCUSDT',
  coin: 'USDT',
  asset: 'USDT',
  chain: 'TRC20',
  amount: '1',
  price: '10000',
  side: 'buy',
  type: 'limit',
  account: 'spot',
  from: 'funding',
  to: 'spot',
  reason: 'Sweep',
  kind: 'above',
  value: '70000',
  lots: 1,
  leverage: 10,
  tradePassword: TRADE,
  address: ADDR.TRON2,
}

/** One registered API route. */
export interface ApiRoute {
  method: 'GET' | 'POST'
  url: string
}

/**
 * Every GET and POST route under /api, from the app's own route table (server/app.ts records it
 * with an onRoute hook): an endpoint added tomorrow, in any module, is swept the same day.
 * HEAD (Fastify's twin of every GET) and the static wildcard are left out.
 */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const seen = new Set<string>()
  const out: ApiRoute[] = []
  for (const r of app.routeTable) {
    if (r.method !== 'GET' && r.method !== 'POST') continue
    if (!r.url.startsWith('/api/')) continue
    const key = `${r.method} ${r.url}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ method: r.method, url: r.url })
  }
  return out.sort((a, b) => (a.url === b.url ? a.method.localeCompare(b.method) : a.url.localeCompare(b.url)))
}

/** The URL with every `:param` (and a trailing `*`) filled with `value`. */
export function fillParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value))
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

export interface OwnerTable {
  table: string
  /** The column naming the owner: user_id, holder, owner_id, ... */
  owner: string
  hasId: boolean
}

/** Columns that say which user a row belongs to. */
const OWNER_COLUMNS = ['user_id', 'holder', 'owner_id', 'maker_id', 'taker_id']

/**
 * Every table of the current schema with an owner column, read from information_schema: new
 * tables (contracts, options, ...) are swept without a change here. Also every `*_id` column name,
 * as the camelCase field names requests use for ids.
 */
export async function schemaMap(db: Db): Promise<{ owned: OwnerTable[]; idFields: string[] }> {
  const cols = (
    await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db)
  ).rows
  const byTable = new Map<string, Set<string>>()
  for (const c of cols) {
    const s = byTable.get(c.table_name) ?? new Set<string>()
    byTable.set(c.table_name, s)
    s.add(c.column_name)
  }
  const owned: OwnerTable[] = []
  for (const [table, names] of byTable) {
    if (table === 'users') {
      owned.push({ table, owner: 'id', hasId: true })
      continue
    }
    const owner = OWNER_COLUMNS.find((c) => names.has(c))
    if (owner) owned.push({ table, owner, hasId: names.has('id') })
  }
  const idFields = new Set(['id', 'userId', 'uid', 'orderId', 'quoteId', 'voucher', 'upload', 'targetId'])
  for (const c of cols) if (c.column_name.endsWith('_id')) idFields.add(camel(c.column_name))
  return { owned: owned.sort((a, b) => a.table.localeCompare(b.table)), idFields: [...idFields].sort() }
}

/** Every row the user owns, per table, as JSON text: compared before and after a sweep. */
export async function ownedRows(db: Db, owned: OwnerTable[], userId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const t of owned) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t.table)} where ${sql.ref(
      t.owner,
    )} = ${userId}`.execute(db)
    const text = rows.rows
      .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
      .sort()
    out.set(t.table, text.join('\n'))
  }
  return out
}

/** Up to `perTable` ids of rows the user owns, per table with an id column. */
export async function ownedIds(db: Db, owned: OwnerTable[], userId: string, perTable = 2): Promise<string[]> {
  const ids = new Set<string>([userId])
  for (const t of owned) {
    if (!t.hasId || t.table === 'users') continue
    const rows = await sql<{ id: unknown }>`select id from ${sql.table(t.table)} where ${sql.ref(
      t.owner,
    )} = ${userId} limit ${perTable}`.execute(db)
    for (const r of rows.rows) ids.add(String(r.id))
  }
  return [...ids]
}

/** Balances and ledger, as one fingerprint: any change of money anywhere changes it. */
export async function ledgerFingerprint(db: Db): Promise<string> {
  const r = await sql<{ entries: string; postings: string; total: string | null }>`
    select (select count(*) from ledger_entry)::text as entries,
           (select count(*) from ledger_posting)::text as postings,
           (select coalesce(sum(abs(available)) + sum(abs(frozen)), 0)::text from balance) as total`.execute(
    db,
  )
  const row = r.rows[0]
  return `${row?.entries}/${row?.postings}/${row?.total}`
}

/** Tables whose rows change without a change of state: a session's last-seen touch. */
export const VOLATILE_TABLES: ReadonlySet<string> = new Set(['user_session', 'fuzz_writes'])

/**
 * Counts every row written to any table (but `skip`) from now on, by a row trigger per table;
 * a transaction that rolls back takes its counts with it. What a refused request must leave
 * unchanged is then one cheap read (`writeCounts`), on PGlite and PostgreSQL alike (issue 33:
 * "nothing changed", for the console's settings as much as for money).
 */
export async function installWriteCounter(
  db: Db,
  skip: ReadonlySet<string> = VOLATILE_TABLES,
): Promise<void> {
  await sql`create table if not exists fuzz_writes (t text primary key, n bigint not null)`.execute(db)
  await sql`
    create or replace function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (t, n) values (TG_TABLE_NAME, 1)
        on conflict (t) do update set n = fuzz_writes.n + 1;
      return null;
    end $$`.execute(db)
  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
  ).rows
    .map((r) => r.table_name)
    .filter((t) => !skip.has(t) && /^[a-z_][a-z0-9_]*$/.test(t))
  for (const t of tables)
    await sql
      .raw(`create trigger fuzz_count_write after insert or update or delete on "${t}"
      for each row execute function fuzz_count_write()`)
      .execute(db)
}

/** Rows written per table since installWriteCounter, as one comparable string ('' for none). */
export async function writeCounts(db: Db): Promise<string> {
  const rows = (
    await sql<{ t: string; n: string }>`select t, n::text from fuzz_writes order by t`.execute(db)
  ).rows
  return rows.map((r) => `${r.t}=${r.n}`).join(',')
}

/** The tables written between two writeCounts readings. */
export function changedTables(before: string, after: string): string[] {
  const was = new Map(before ? before.split(',').map((x) => x.split('=') as [string, string]) : [])
  return (after ? after.split(',') : [])
    .map((x) => x.split('=') as [string, string])
    .filter(([t, n]) => was.get(t) !== n)
    .map(([t]) => t)
}

/** Every row of every table but sessions (last-seen times move with each request), as text per table. */
export async function tableRows(db: Db): Promise<Map<string, string>> {
  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('user_session', 'kysely_migration', 'kysely_migration_lock')`.execute(db)
  ).rows.map((r) => r.table_name)
  const out = new Map<string, string>()
  for (const t of tables.sort()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db)
    const text = rows.rows
      .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
      .sort()
    out.set(t, text.join('\n'))
  }
  return out
}
