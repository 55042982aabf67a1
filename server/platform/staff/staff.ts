import { randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../../db/db'
import type { UserRole } from '../../db/schema'
import { AppError } from '../../http/errors'
import { hashPassword } from '../identity/passwords'
import { forgetSessions } from '../identity/sessions'
import { getUser, neutralNickname, newInviteCode } from '../identity/users'
import { writeAudit } from './audit'

/** A one-time password: 16 characters with lower, upper case and digits (meets the login password rules). */
export function oneTimePassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')
  return `${body}Aa7`
}

export interface StaffAccount {
  userId: string
  email: string
  role: UserRole
  password: string
  created: boolean
}

/**
 * Creates an operator (or admin) account, or promotes the existing user with that e-mail, and
 * gives it a fresh one-time password. The account must change the password and bind Google
 * authenticator before any console endpoint answers (see staffState).
 */
export async function createStaff(
  db: Db,
  input: { email: string; role?: 'operator' | 'admin'; actorId?: string | null },
): Promise<StaffAccount> {
  const email = input.email.trim().toLowerCase()
  const role = input.role ?? 'operator'
  const password = oneTimePassword()
  const hash = await hashPassword(password)
  // Issued one second in the past so a password change in the same second still counts as "after".
  const issued = new Date(Date.now() - 1000)
  const account = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst()
    let userId: string
    if (existing) {
      userId = existing.id
      // Never demote: promoting an admin to operator keeps the admin role.
      const nextRole: UserRole = existing.role === 'admin' ? 'admin' : role
      await trx
        .updateTable('users')
        .set({ role: nextRole, password_hash: hash, password_changed_at: issued, otp_issued_at: issued })
        .where('id', '=', userId)
        .execute()
      await trx
        .updateTable('user_session')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute()
    } else {
      userId = randomUUID()
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email,
          role,
          password_hash: hash,
          nickname: neutralNickname(),
          invite_code: newInviteCode(),
          password_changed_at: issued,
          otp_issued_at: issued,
        })
        .execute()
    }
    await writeAudit(trx, {
      actorId: input.actorId ?? 'system',
      action: existing ? 'staff.promote' : 'staff.create',
      targetType: 'user',
      targetId: userId,
      before: existing ? { role: existing.role } : null,
      after: { role: existing?.role === 'admin' ? 'admin' : role, email },
    })
    return { userId, email, role: existing?.role === 'admin' ? 'admin' : role, password, created: !existing }
  })
  // The sessions revoked above (and their role) must not be served from the cache.
  forgetSessions({ userId: account.userId })
  return account
}

/**
 * On the very first start (no admin yet): creates the admin account and returns its one-time
 * password for the log. Returns null when an admin already exists.
 */
export async function ensureFirstAdmin(db: Db, email = 'admin@localhost'): Promise<StaffAccount | null> {
  const any = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst()
  if (any) return null
  return createStaff(db, { email, role: 'admin' })
}

export interface StaffState {
  role: UserRole
  mustChangePassword: boolean
  googleBound: boolean
  ready: boolean
}

/** Whether a staff account may use the console: one-time password changed and Google check on. */
export async function staffState(db: Db, userId: string): Promise<StaffState> {
  const u = await getUser(db, userId)
  const mustChangePassword =
    u.otp_issued_at !== null &&
    new Date(u.password_changed_at).getTime() <= new Date(u.otp_issued_at).getTime()
  const googleBound = u.totp_secret !== null && u.google_verify
  return { role: u.role, mustChangePassword, googleBound, ready: !mustChangePassword && googleBound }
}

/** Refuses with the console's own codes until the staff account is ready. */
export async function assertStaffReady(db: Db, userId: string): Promise<void> {
  const s = await staffState(db, userId)
  if (s.mustChangePassword) throw new AppError('staffPasswordChange')
  if (!s.googleBound) throw new AppError('staffSecondFactor')
}
