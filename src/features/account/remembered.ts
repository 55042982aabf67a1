/** An account remembered on this device, so the user can switch without typing again. */
export interface RememberedAccount {
  userId: string
  label: string
  nickname: string
  token: string
}

export const MAX_REMEMBERED = 5

/** Pure: the list after signing in as `acc` (newest first, one entry per user, capped). */
export function remember(list: RememberedAccount[], acc: RememberedAccount): RememberedAccount[] {
  return [acc, ...list.filter((a) => a.userId !== acc.userId)].slice(0, MAX_REMEMBERED)
}

export function forget(list: RememberedAccount[], userId: string): RememberedAccount[] {
  return list.filter((a) => a.userId !== userId)
}
