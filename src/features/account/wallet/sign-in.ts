import { mainnet } from 'viem/chains'
import { createSiweMessage } from 'viem/siwe'
import { createConfig, http, injected } from 'wagmi'
import { connect, disconnect, getConnectors, signMessage } from 'wagmi/actions'
import { NoAccountsError } from './wallet-errors'

/**
 * The heavy half of wallet login, loaded only when the user taps "Connect wallet": wagmi's
 * injected connector asks for accounts (eth_requestAccounts when none are authorised), reads
 * the chain id, and has the wallet sign an EIP-4361 message carrying the server's nonce.
 */
const config = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  // No RPC is read during sign-in; the transport exists because wagmi requires one.
  transports: { [mainnet.id]: http() },
})

export interface SignedProof {
  account: string
  message: string
  signature: string
}

export async function signInWithWallet(nonce: string, statement: string): Promise<SignedProof> {
  const connector = getConnectors(config)[0]
  if (!connector) throw new Error('no connector')
  await disconnect(config).catch(() => undefined)
  const { accounts, chainId } = await connect(config, { connector })
  const address = accounts[0]
  if (!address) throw new NoAccountsError('no accounts')
  const now = new Date()
  const message = createSiweMessage({
    domain: window.location.host,
    address,
    statement,
    uri: window.location.origin + window.location.pathname,
    version: '1',
    chainId,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60 * 1000),
  })
  const signature = await signMessage(config, { account: address, message, connector })
  return { account: address.toLowerCase(), message, signature }
}
