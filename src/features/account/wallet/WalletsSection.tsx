import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import { Cell, CellGroup } from '@/ui/CellList'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { accountKeys } from '../api'
import { signChallenge, walletFailureText } from './challenge'

interface LinkedWallet {
  address: string
  linkedAt: number
}

export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: [...accountKeys.root, 'wallets'] as const,
    queryFn: ({ signal }) => http.get<LinkedWallet[]>('user/wallets', {}, { signal }),
  })

const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`

/** Account settings: wallets that can log into this account; link one by signing, or unlink. */
export function WalletsSection() {
  const { t, i18n } = useLingui()
  const qc = useQueryClient()
  const { data: wallets = [] } = useQuery(walletsQueryOptions())
  const [busy, setBusy] = useState(false)
  const canLink = typeof window !== 'undefined' && (window as { ethereum?: unknown }).ethereum !== undefined

  const refresh = () => qc.invalidateQueries({ queryKey: walletsQueryOptions().queryKey })

  const link = async () => {
    setBusy(true)
    try {
      const signed = await signChallenge(t`Link this wallet to my Open Exchange account.`)
      if ('failure' in signed) {
        const text = walletFailureText(i18n, signed.failure)
        if (text) showToast(text)
        return
      }
      await http.post('user/wallet/link', signed.proof, { loading: true })
      showToast(t`Wallet linked`)
      await refresh()
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setBusy(false)
    }
  }

  const unlink = async (address: string) => {
    try {
      await http.post('user/wallet/unlink', { account: address }, { loading: true })
      showToast(t`Wallet unlinked`)
      await refresh()
    } catch {
      // Shown by the HTTP layer.
    }
  }

  if (!canLink && wallets.length === 0) return null
  return (
    <CellGroup label={t`Wallets`}>
      {wallets.map((w) => (
        <Cell key={w.address} label={<span title={w.address}>{short(w.address)}</span>}>
          <button type="button" className={form.link} onClick={() => void unlink(w.address)}>
            <Trans>Unlink</Trans>
          </button>
        </Cell>
      ))}
      {canLink && (
        <Cell label={t`Browser wallet`}>
          <button type="button" className={form.link} onClick={() => void link()} disabled={busy}>
            <Trans>Link wallet</Trans>
          </button>
        </Cell>
      )}
    </CellGroup>
  )
}
