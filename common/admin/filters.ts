/**
 * The status filters of the console's review queues. A module of their own: the console's routes
 * validate their search with them, and the route tree is loaded on every first screen, which
 * should not carry the console's request schemas (admin.ts) along.
 */
export const IDENTITY_FILTERS = ['pending', 'verified', 'failed', 'none'] as const
export const DEPOSIT_FILTERS = ['pending', 'credited', 'rejected'] as const
export const WITHDRAWAL_FILTERS = ['pending', 'success', 'failed'] as const
