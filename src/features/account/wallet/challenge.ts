import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { http } from '@/lib/http/client'
import type { SignedProof } from './sign-in'
import { classifyWalletError, type WalletFailure } from './wallet-errors'

/**
 * The server's nonce signed by the browser wallet with `statement`, and the ticket to send with it.
 * A failed nonce request throws (its message was shown); a wallet that fails or is refused comes
 * back as `failure`. The wallet code loads on the first call.
 */
export async function signChallenge(
  statement: string,
): Promise<{ proof: SignedProof & { ticket: string } } | { failure: WalletFailure }> {
  const [{ signInWithWallet }, challenge] = await Promise.all([
    import('./sign-in'),
    http.post<{ nonce: string; ticket: string }>('user/walletNonce', {}),
  ])
  try {
    const proof = await signInWithWallet(challenge.nonce, statement)
    return { proof: { ...proof, ticket: challenge.ticket } }
  } catch (err) {
    return { failure: classifyWalletError(err) }
  }
}

/** What to tell the user about a wallet failure; nothing when there is no wallet at all. */
export function walletFailureText(i18n: I18n, f: WalletFailure): string | null {
  switch (f.kind) {
    case 'rejected':
      return i18n._(msg`Please confirm the authorisation in your wallet.`)
    case 'noAccounts':
      return i18n._(msg`User refused to authorise account`)
    case 'pending':
      return i18n._(msg`An authorisation request is already waiting in your wallet. Open it to continue.`)
    case 'failed':
      return i18n._(msg`Connection failed: ${f.message}`)
    default:
      return null
  }
}
