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
  // Once, on the terminal (stdout), framed so a newcomer sees it; the log line never holds it.
  process.stdout.write(
    framed([
      'FIRST START: the admin account was created',
      '',
      `  e-mail:             ${created.email}`,
      `  one-time password:  ${created.password}`,
      '',
      'Log in through the app, change this password and bind Google',
      'authenticator; the console is at #/admin. It is not shown again.',
    ]),
  )
  log.warn(
    { email: created.email },
    'first start: admin account created (one-time password in the frame above)',
  )
}

/** Lines in a box of double rules, with blank lines around it. */
export function framed(lines: string[]): string {
  const w = Math.max(...lines.map((l) => l.length))
  const rule = '═'.repeat(w + 4)
  return `\n╔${rule}╗\n${lines.map((l) => `║  ${l.padEnd(w)}  ║`).join('\n')}\n╚${rule}╝\n\n`
}
