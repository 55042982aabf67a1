import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { AnyDb } from './kit'

/** The nickname an account got before it chose one, up to this migration (e-mail, phone or wallet). */
export function oldDefaultNicknames(u: { email: string | null; phone: string | null }, wallets: string[]) {
  const out: string[] = []
  if (u.email) out.push((u.email.split('@')[0] ?? 'user').slice(0, 20))
  else if (u.phone) {
    const p = u.phone
    const masked = p.length > 7 ? `${p.slice(0, -8)}****${p.slice(-4)}` : `****${p.slice(-2)}`
    out.push(masked.slice(-12))
  }
  for (const a of wallets) out.push(`${a.slice(0, 6)}…${a.slice(-4)}`)
  return out
}

const PAGE = 1000

/**
 * Issue 34, items 7 and 9.
 * - The C2C demo merchants (system accounts of a fresh install) hold approved identity, as fiat C2C
 *   and the merchant badge now require it.
 * - Nicknames no longer leak contacts: an account whose nickname is still the one derived from its
 *   e-mail's name, masked phone or wallet address (the old default; whether a user chose a nickname
 *   was never stored, so this comparison tells) gets a neutral "User 7F3A2C". Chosen ones stay.
 */
export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('identity')
    .set({ advanced_status: 'verified', reviewed_at: sql`now()`, reject_reason: null })
    .where('user_id', 'like', 'c2c-demo-%')
    .where('advanced_status', '<>', 'verified')
    .execute()

  let after = ''
  for (;;) {
    const users: { id: string; email: string | null; phone: string | null; nickname: string }[] = await db
      .selectFrom('users')
      .select(['id', 'email', 'phone', 'nickname'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute()
    if (users.length === 0) break
    after = users[users.length - 1]?.id as string
    const wallets: { user_id: string; address: string }[] = await db
      .selectFrom('user_wallet')
      .select(['user_id', 'address'])
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute()
    for (const u of users) {
      const mine = wallets.filter((w) => w.user_id === u.id).map((w) => w.address)
      if (!oldDefaultNicknames(u, mine).includes(u.nickname)) continue
      await db
        .updateTable('users')
        .set({ nickname: `User ${randomBytes(3).toString('hex').toUpperCase()}` })
        .where('id', '=', u.id)
        .where('nickname', '=', u.nickname)
        .execute()
    }
  }
}

/** Nothing to undo: the old nicknames are not kept (they were the leak). */
export async function down(_db: AnyDb): Promise<void> {}
