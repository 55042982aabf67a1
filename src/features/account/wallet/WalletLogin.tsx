import type { LoginResult, SecondCheck } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import { walletBrowserAtom } from '@/lib/wallet-browser'
import form from '@/ui/form/Form.module.css'
import { classifyWalletError, type WalletFailure } from './wallet-errors'

function hasInjectedProvider(): boolean {
  return typeof window !== 'undefined' && (window as { ethereum?: unknown }).ethereum !== undefined
}

/** Sign-In with Ethereum: nonce from the server, signature from the wallet, session from /user/walletlogin. */
export function WalletLogin({ onResult }: { onResult: (r: LoginResult | SecondCheck) => void }) {
  const { t } = useLingui()
  const walletBrowser = useAtomValue(walletBrowserAtom)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<WalletFailure | null>(null)

  if (!walletBrowser && !hasInjectedProvider()) {
    return (
      <Link className={form.link} to="/pages/common/nowallet">
        <Trans>Log in with a browser wallet</Trans>
      </Link>
    )
  }

  const connect = async () => {
    setFailure(null)
    setBusy(true)
    try {
      const [{ signInWithWallet }, challenge] = await Promise.all([
        import('./sign-in'),
        http.post<{ nonce: string; ticket: string }>('user/walletNonce', {}),
      ])
      let proof: Awaited<ReturnType<typeof signInWithWallet>>
      try {
        proof = await signInWithWallet(challenge.nonce, t`Log in to Open Exchange with this wallet.`)
      } catch (err) {
        const f = classifyWalletError(err)
        if (f.kind !== 'noWallet') setFailure(f)
        return
      }
      try {
        // A refused login is not toasted (docs/spec.md section 8); the button stays for a retry.
        const res = await http.post<LoginResult | SecondCheck>(
          'user/walletlogin',
          { ...proof, ticket: challenge.ticket },
          { toast: false, loading: true },
        )
        onResult(res)
      } catch (err) {
        console.warn('wallet login failed', err)
      }
    } catch {
      // The nonce request failed; its message was shown.
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button type="button" className={form.secondary} onClick={() => void connect()} disabled={busy}>
        <Trans>Connect wallet</Trans>
      </button>
      {failure && (
        <p role="alert" className={form.error}>
          {failure.kind === 'rejected' && t`Please confirm the authorisation in your wallet.`}
          {failure.kind === 'noAccounts' && t`User refused to authorise account`}
          {failure.kind === 'pending' &&
            t`An authorisation request is already waiting in your wallet. Open it to continue.`}
          {failure.kind === 'failed' && t`Connection failed: ${failure.message}`}
        </p>
      )}
    </>
  )
}
