/**
 * Where a user stands with identity verification, as the products that need it see it: no identity,
 * basic details only (self-declared), photos under review, approved by an operator, or rejected.
 */
export type IdentityState = 'none' | 'basic' | 'pending' | 'verified' | 'failed'

/** What a product (fiat C2C, loans) asks of the user's identity, and whether the user meets it. */
export interface IdentityGate {
  /** Operator-approved identity (advanced verification) is required; otherwise basic details do. */
  approvedRequired: boolean
  state: IdentityState
  /** The user meets the requirement. */
  ok: boolean
}

/** The state from the stored identity row (none when there is no row). */
export function identityState(row: { advanced_status: string } | null | undefined): IdentityState {
  if (!row) return 'none'
  const s = row.advanced_status
  return s === 'pending' || s === 'verified' || s === 'failed' ? s : 'basic'
}

/** Approved identity when required, else at least the basic details. */
export function meetsGate(state: IdentityState, approvedRequired: boolean): boolean {
  return approvedRequired ? state === 'verified' : state !== 'none'
}
