import type { LoginResult, SecondCheck } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import { walletBrowserAtom } from '@/lib/wallet-browser'
import form from '@/ui/form/Form.module.css'
import { signChallenge, walletFailureText } from './challenge'
import type { WalletFailure } from './wallet-errors'

function hasInjectedProvider(): boolean {
  return typeof window !== 'undefined' && (window as { ethereum?: unknown }).ethereum !== undefined
}

/** Sign-In with Ethereum: nonce from the server, signature from the wallet, session from /user/walletlogin. */
export function WalletLogin({ onResult }: { onResult: (r: LoginResult | SecondCheck) => void }) {
  const { t, i18n } = useLingui()
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
      const signed = await signChallenge(t`Log in to Open Exchange with this wallet.`)
      if ('failure' in signed) {
        if (signed.failure.kind !== 'noWallet') setFailure(signed.failure)
        return
      }
      try {
        // A refused login is not toasted (docs/spec.md section 8); the button stays for a retry.
        const res = await http.post<LoginResult | SecondCheck>('user/walletlogin', signed.proof, {
          toast: false,
          loading: true,
        })
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
          {walletFailureText(i18n, failure)}
        </p>
      )}
    </>
  )
}
