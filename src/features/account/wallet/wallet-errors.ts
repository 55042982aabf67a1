/** What went wrong while connecting a browser wallet (docs/spec.md section 8, wallet connect). */
export type WalletFailure =
  | { kind: 'noWallet' }
  | { kind: 'rejected' }
  | { kind: 'noAccounts' }
  | { kind: 'pending' }
  | { kind: 'failed'; message: string }

interface ErrorLike {
  code?: unknown
  name?: unknown
  message?: unknown
  shortMessage?: unknown
  cause?: unknown
}

/** wagmi and viem wrap provider errors; the EIP-1193 code sits somewhere down the cause chain. */
export function classifyWalletError(err: unknown): WalletFailure {
  let e = err as ErrorLike | undefined
  let message = ''
  for (let depth = 0; e && depth < 8; depth++) {
    if (!message && typeof e.shortMessage === 'string') message = e.shortMessage
    if (!message && typeof e.message === 'string') message = e.message
    if (e.name === 'ProviderNotFoundError') return { kind: 'noWallet' }
    if (e.code === 4001 || e.name === 'UserRejectedRequestError') return { kind: 'rejected' }
    if (e.code === -32002 || e.name === 'ResourceUnavailableRpcError') return { kind: 'pending' }
    if (e.name === 'NoAccountsError') return { kind: 'noAccounts' }
    e = e.cause as ErrorLike | undefined
  }
  return { kind: 'failed', message: message.split('\n')[0] ?? '' }
}

export class NoAccountsError extends Error {
  override name = 'NoAccountsError'
}
