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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  let pglite: PGlite
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    pglite = new PGlite(dir)
  } else {
    pglite = new PGlite()
  }
  return new Kysely<Database>({ dialect: singleConnection(new KyselyPGlite(pglite).dialect) })
}

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
