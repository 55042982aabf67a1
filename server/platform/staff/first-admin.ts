import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/db'
import { ensureFirstAdmin } from './staff'

/**
 * First start only: creates the admin account (ADMIN_EMAIL, default admin@localhost) and prints
 * its one-time password once. Later starts find an admin and print nothing.
 */
export async function announceFirstAdmin(db: Db, log: FastifyBaseLogger): Promise<void> {
  const created = await ensureFirstAdmin(db, process.env.ADMIN_EMAIL?.trim() || 'admin@localhost')
  if (!created) return
  // warn, so it shows at the default and the tests' log levels alike.
  log.warn(
    `first start: admin account ${created.email} created, one-time password: ${created.password} ` +
      '(log in through the app, change it and bind Google authenticator; the console is at #/admin)',
  )
}
