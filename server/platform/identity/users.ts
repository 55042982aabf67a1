import { randomBytes } from 'node:crypto'
import type { UserInfo } from '@common/account/types'
import type { Selectable } from 'kysely'
import type { Db } from '../../db/db'
import type { UsersTable } from '../../db/schema'
import { AppError } from '../../http/errors'
import { countryList } from './countries'

export type UserRow = Selectable<UsersTable>

/** "+8613800001111" from a country and its national number; 1101 for an unknown country. */
export function phoneKey(countryCode: string, phone: string): string {
  const c = countryList().find((x) => x.code === countryCode)
  if (!c)
    throw new AppError('invalidField', {
      msg: 'Invalid value for countryCode',
      data: { field: 'countryCode', reason: 'invalid_country' },
    })
  return `${c.dialCode}${phone}`
}

/** The stored key of a login name: an e-mail (lower case) or a phone with its country (default CN). */
export function accountKey(account: string, countryCode: string | undefined): string {
  const a = account.trim()
  if (a.includes('@')) return a.toLowerCase()
  const digits = a.replace(/[\s-]/g, '')
  if (!/^\d{4,15}$/.test(digits)) throw new AppError('loginFailed')
  return phoneKey(countryCode ?? 'CN', digits)
}

export async function findByAccount(db: Db, key: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(key.includes('@') ? 'email' : 'phone', '=', key)
    .executeTakeFirst()
}

export async function getUser(db: Db, id: string): Promise<UserRow> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  if (!u) throw new AppError('invalidSession')
  return u
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null
  const [name = '', domain = ''] = email.split('@')
  return `${name.slice(0, 2)}***@${domain}`
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null
  return phone.length > 7 ? `${phone.slice(0, -8)}****${phone.slice(-4)}` : `****${phone.slice(-2)}`
}

/**
 * A new account's nickname until the user picks one: "User 7F3A2C", random, never derived from the
 * e-mail, phone or wallet address (it is public: the C2C ad list shows it to visitors).
 */
export function neutralNickname(): string {
  return `User ${randomBytes(3).toString('hex').toUpperCase()}`
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export function newInviteCode(): string {
  return [...randomBytes(8)].map((b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('')
}

/** The signed-in user's own profile (GET /user/getUserInfo); never the hashes or the TOTP secret. */
export async function userDto(db: Db, u: UserRow): Promise<UserInfo> {
  const identity = await db
    .selectFrom('identity')
    .select(['advanced_status'])
    .where('user_id', '=', u.id)
    .executeTakeFirst()
  return {
    id: u.id,
    uid: u.uid,
    role: u.role,
    nickname: u.nickname,
    avatar: u.avatar_upload_id ? `upload/${u.avatar_upload_id}` : null,
    phone: u.phone,
    phoneCountry: u.phone_country,
    email: u.email,
    inviteCode: u.invite_code,
    currency: u.currency,
    hasTradePassword: u.trade_password_hash !== null,
    googleBound: u.totp_secret !== null,
    smsVerify: u.sms_verify,
    emailVerify: u.email_verify,
    googleVerify: u.google_verify,
    antiPhishing: u.anti_phishing !== null,
    identity: { basic: identity !== undefined, advanced: identity?.advanced_status ?? 'none' },
    createdAt: new Date(u.created_at).getTime(),
  }
}

export type UserDto = Awaited<ReturnType<typeof userDto>>

/** Postgres unique_violation, from pg or PGlite. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505'
}
