import { type IdentityGate, identityState, meetsGate } from '@common/identity/gate'
import type { Db } from '../../db/db'
import { settingOn } from '../../db/setting'
import type { Tx } from '../../ledger/ledger'

/**
 * Settings rows (table `setting`) that make a product require operator-approved identity (advanced
 * verification). A missing row means on; `false` turns the requirement off (basic details suffice).
 */
export const APPROVED_IDENTITY_SETTINGS = {
  c2c: 'c2c.approved_identity_required',
  loan: 'loan.approved_identity_required',
} as const
export type GatedProduct = keyof typeof APPROVED_IDENTITY_SETTINGS

/** Is approved identity required for this product? On unless its setting row says false. */
export async function approvedIdentityRequired(db: Db | Tx, product: GatedProduct): Promise<boolean> {
  return settingOn(db, APPROVED_IDENTITY_SETTINGS[product])
}

/** Where a user stands against a product's identity requirement, with the verified name (if any). */
export async function identityGate(
  db: Db | Tx,
  userId: string,
  product: GatedProduct,
): Promise<IdentityGate & { realName: string | null }> {
  // One after the other: `db` may be a transaction (one connection).
  const row = await db
    .selectFrom('identity')
    .select(['advanced_status', 'real_name'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const approvedRequired = await approvedIdentityRequired(db, product)
  const state = identityState(row)
  return { approvedRequired, state, ok: meetsGate(state, approvedRequired), realName: row?.real_name ?? null }
}
