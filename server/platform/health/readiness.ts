import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { migrations } from '../../db/migrations/index'
import { staleSchedulers } from '../metrics/scheduler'

/**
 * Readiness (`GET /api/ready`, docs/operations.md "Health"): the database has every migration this
 * build knows, the process holds what its role needs (each role adds its check), and every
 * scheduler it runs has succeeded (or started) within 3 of its intervals. Liveness is
 * `GET /api/health`: the process answers and its database too.
 */
type Check = () => string | null | Promise<string | null>
const checks = new Map<string, Check>()

/** A role's condition: `check` returns what is missing, or null when it holds. */
export function addReadyCheck(name: string, check: Check): void {
  checks.set(name, check)
}

export interface ReadyReport {
  ready: boolean
  /** What is not there yet (empty when ready). */
  failing: string[]
}

async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  const done = new Set(rows.map((r) => r.name))
  return Object.keys(migrations).filter((m) => !done.has(m))
}

export async function readiness(db: Db): Promise<ReadyReport> {
  const failing: string[] = []
  const pending = await pendingMigrations(db).catch(() => ['(migrations table unreadable)'])
  if (pending.length) failing.push(`migrations pending: ${pending.join(', ')}`)
  for (const [name, check] of checks) {
    const problem = await Promise.resolve()
      .then(check)
      .catch((err: unknown) => String(err))
    if (problem) failing.push(`${name}: ${problem}`)
  }
  const stale = staleSchedulers()
  if (stale.length) failing.push(`schedulers not run within 3 intervals: ${stale.join(', ')}`)
  return { ready: failing.length === 0, failing }
}
