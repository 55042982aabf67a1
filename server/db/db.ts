import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect } from 'kysely'
import { KyselyPGlite } from 'kysely-pglite'
import pg from 'pg'
import { migrations } from './migrations/index'
import type { Database } from './schema'
import { singleConnection } from './single-connection'

export type Db = Kysely<Database>

export interface DbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | null
  /** Directory for PGlite files; `null` keeps PGlite in memory (tests). */
  dataDir?: string | null
  /** PostgreSQL schema to use (tests isolate each run in its own). */
  schema?: string
  /**
   * In-memory PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an
   * empty cluster. The API suites start each database from one migrated template this way.
   */
  loadDataDir?: Blob
}

// numeric (OID 1700) already arrives as a string; int8 (20) would too, keep counts as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))

export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    pools.set(db, pool)
    if (opts.schema) schemas.set(db, opts.schema)
    return db
  }
  let pglite: PGlite
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    pglite = new PGlite(dir)
  } else {
    pglite = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {})
  }
  const db = new Kysely<Database>({ dialect: singleConnection(new KyselyPGlite(pglite).dialect) })
  pglites.set(db, pglite)
  return db
}

const pglites = new WeakMap<Db, PGlite>()
const pools = new WeakMap<Db, pg.Pool>()
/** The connection pool behind a database opened on PostgreSQL (its use goes to the metrics). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db)
}

/** The PGlite instance behind a database opened on PGlite (online backups: server/db/backup.ts). */
export function pgliteOf(db: Db): PGlite | undefined {
  return pglites.get(db)
}

/**
 * Databases opened on a schema of their own (tests, benchmarks). Kysely looks for its migration
 * tables in every schema unless told which, so two suites migrating side by side saw each
 * other's tables and skipped creating their own.
 */
const schemas = new WeakMap<Db, string>()

export async function migrate(db: Db, to?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schemas.get(db),
  })
  // `to`: up to that migration only (tests of a data migration).
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * One instance per database, made on first use: the services that keep live state (books,
 * pipelines, push sending) are shared by the routes, the hub and the jobs of that database.
 */
export function perDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>()
  return (db) => {
    let s = made.get(db)
    if (s === undefined) {
      s = make(db)
      made.set(db, s)
    }
    return s
  }
}
