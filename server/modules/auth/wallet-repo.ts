import type { Insertable } from 'kysely'
import type { Db } from '../../db/db'
import { columnOf } from '../../db/rows'
import type { UsersTable } from '../../db/schema'

/** Stores a sign-in nonce with the hash of the ticket of the client it was handed to. */
export async function insertNonce(db: Db, nonce: string, ticketHash: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('wallet_nonce')
    .values({ nonce, ticket_hash: ticketHash, expires_at: expiresAt })
    .execute()
}

/** Uses a nonce: single use, bound to the client that asked for it, still fresh; one atomic update decides. */
export async function spendNonce(db: Db, nonce: string, ticketHash: string): Promise<boolean> {
  const used = await db
    .updateTable('wallet_nonce')
    .set({ used_at: new Date() })
    .where('nonce', '=', nonce)
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('nonce')
    .executeTakeFirst()
  return used !== undefined
}

/** The account a wallet address is linked to. */
export async function walletOwner(db: Db, address: string): Promise<string | null> {
  return (await columnOf(db, 'user_wallet', 'user_id', 'address', address)) ?? null
}

/** A new account for a new wallet address, with the address linked. */
export async function insertWalletUser(db: Db, user: Insertable<UsersTable>, address: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(user).execute()
    await trx.insertInto('user_wallet').values({ address, user_id: user.id }).execute()
  })
}

export async function linkWallet(db: Db, userId: string, address: string): Promise<void> {
  await db.insertInto('user_wallet').values({ address, user_id: userId }).execute()
}

export async function unlinkWallet(db: Db, userId: string, address: string): Promise<void> {
  await db.deleteFrom('user_wallet').where('user_id', '=', userId).where('address', '=', address).execute()
}

/** A user's linked wallets, oldest first. */
export function walletsOf(db: Db, userId: string) {
  return db
    .selectFrom('user_wallet')
    .select(['address', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}
