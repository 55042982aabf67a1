/**
 * Process roles (docs/operations.md, "Scaling out"). `all` is today's single process and stays the default:
 * PGlite or PostgreSQL, one process per database (db/exclusive.ts). `gateway` serves HTTP, the
 * app and socket.io and holds no market state; `core` owns matching engines, the index feed,
 * market makers and schedulers. Gateways and cores only make sense on a shared PostgreSQL and
 * Redis, so those two are required for them.
 */
export type Role = 'all' | 'gateway' | 'core'

export const ROLES: readonly Role[] = ['all', 'gateway', 'core']

export function parseRole(value: string | undefined): Role {
  const v = (value ?? '').trim().toLowerCase()
  if (v === '') return 'all'
  if ((ROLES as readonly string[]).includes(v)) return v as Role
  throw new Error(`ROLE must be one of ${ROLES.join(', ')}, got "${value}"`)
}

/** A gateway or core without a shared database and broker would silently run alone: refuse. */
export function checkRoleNeeds(role: Role, databaseUrl: string | null, redisUrl: string | null): void {
  if (role === 'all') return
  const missing = [databaseUrl ? null : 'DATABASE_URL', redisUrl ? null : 'REDIS_URL'].filter(Boolean)
  if (missing.length)
    throw new Error(
      `ROLE=${role} needs ${missing.join(' and ')}: gateways and cores share one PostgreSQL and one Redis`,
    )
}
