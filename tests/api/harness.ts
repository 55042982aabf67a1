import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../../server/app'
import { type Config, loadConfig } from '../../server/config'
import { type Db, migrate, openDb } from '../../server/db/db'

/** Every API suite runs on embedded PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

export interface Harness {
  app: FastifyInstance
  db: Db
  close(): Promise<void>
}

/**
 * A fresh, empty database: in-memory PGlite, or a throw-away PostgreSQL schema (`dropSchema` drops
 * it; null on PGlite). Not migrated.
 */
export async function openTestDb(
  backend: 'pglite' | 'postgres',
): Promise<{ db: Db; dropSchema: (() => Promise<void>) | null }> {
  if (backend === 'pglite')
    return { db: await openDb({ databaseUrl: null, dataDir: null }), dropSchema: null }
  const url = process.env.DATABASE_URL as string
  const schema = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const db = await openDb({ databaseUrl: url, schema })
  const dropSchema = async () => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query(`drop schema ${schema} cascade`)
    await c.end()
  }
  return { db, dropSchema }
}

/**
 * A fresh, migrated database: in-memory PGlite started from the run's migrated template
 * (tests/api/global-setup.ts), or a throw-away PostgreSQL schema, migrated here.
 */
export async function openMigratedDb(
  backend: 'pglite' | 'postgres',
): Promise<{ db: Db; dropSchema: (() => Promise<void>) | null }> {
  const template = backend === 'pglite' ? inject('pgliteTemplate') : undefined
  if (template) {
    const loadDataDir = new Blob([fs.readFileSync(template)])
    return { db: await openDb({ databaseUrl: null, dataDir: null, loadDataDir }), dropSchema: null }
  }
  const opened = await openTestDb(backend)
  await migrate(opened.db)
  return opened
}

/** A fresh, migrated database (in-memory PGlite, or a throw-away PostgreSQL schema) and app. */
export async function startHarness(
  backend: 'pglite' | 'postgres',
  overrides: Partial<Config> = {},
): Promise<Harness> {
  const { db, dropSchema } = await openMigratedDb(backend)
  const config: Config = {
    ...loadConfig({}),
    logLevel: 'silent',
    staticDir: '/nonexistent',
    rateLimitPerMinute: 10_000,
    ...overrides,
  }
  const app = await buildApp({ config, db })
  await app.ready()
  return {
    app,
    db,
    async close() {
      await app.close()
      await db.destroy()
      if (dropSchema) await dropSchema()
    },
  }
}

export { sql }
