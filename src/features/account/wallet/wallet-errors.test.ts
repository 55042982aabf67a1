import { describe, expect, it } from 'vitest'
import { classifyWalletError, NoAccountsError } from './wallet-errors'

describe('wallet connect errors', () => {
  it('maps the EIP-1193 codes wherever wagmi wrapped them', () => {
    expect(
      classifyWalletError({ name: 'ConnectorError', cause: { code: 4001, message: 'User rejected' } }),
    ).toEqual({
      kind: 'rejected',
    })
    expect(classifyWalletError({ cause: { cause: { code: -32002 } } })).toEqual({ kind: 'pending' })
    expect(classifyWalletError(new NoAccountsError())).toEqual({ kind: 'noAccounts' })
    expect(classifyWalletError({ name: 'ProviderNotFoundError' })).toEqual({ kind: 'noWallet' })
  })
  it('keeps the first line of any other message', () => {
    expect(classifyWalletError(new Error('chain mismatch\nDetails: ...'))).toEqual({
      kind: 'failed',
      message: 'chain mismatch',
    })
  })
})
