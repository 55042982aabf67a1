import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { siweProblem } from './siwe-rules'

const address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const now = Date.parse('2026-11-22T10:00:00Z')

function message(over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return parseSiweMessage(
    createSiweMessage({
      domain: 'exchange.example',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      statement: 'Log in to Open Exchange',
      uri: 'https://exchange.example/',
      version: '1',
      chainId: 1,
      nonce: 'abcdefgh12345678',
      issuedAt: new Date(now - 1000),
      expirationTime: new Date(now + 4 * 60 * 1000),
      ...over,
    }),
  )
}

const expectOk = { origins: ['https://exchange.example'], address, now }

describe('Sign-In with Ethereum rules', () => {
  it('accepts a well-formed message for our domain and the claimed address', () => {
    expect(siweProblem(message(), expectOk)).toBeNull()
  })
  it('refuses another domain, another address, an expired or too-long-lived message', () => {
    expect(siweProblem(message({ domain: 'evil.example', uri: 'https://evil.example/' }), expectOk)).toBe(
      'domain',
    )
    expect(
      siweProblem(message(), { ...expectOk, address: '0x0000000000000000000000000000000000000001' }),
    ).toBe('address')
    expect(siweProblem(message({ expirationTime: new Date(now - 1) }), expectOk)).toBe('expired')
    expect(siweProblem(message({ expirationTime: new Date(now + 60 * 60 * 1000) }), expectOk)).toBe(
      'expirationTime',
    )
    expect(siweProblem(message({ issuedAt: new Date(now + 10 * 60 * 1000) }), expectOk)).toBe('issuedAt')
    expect(siweProblem(message({ uri: 'https://evil.example/' }), expectOk)).toBe('uri')
    // Same host, other scheme: not our origin.
    expect(siweProblem(message({ uri: 'http://exchange.example/' }), expectOk)).toBe('uri')
  })
  it('takes the domain from the configured origins, with their ports', () => {
    const dev = { origins: ['http://localhost:4173', 'http://127.0.0.1:4173'], address, now }
    expect(siweProblem(message({ domain: 'localhost:4173', uri: 'http://localhost:4173/' }), dev)).toBeNull()
    expect(
      siweProblem(message({ domain: '127.0.0.1:4173', uri: 'http://127.0.0.1:4173/#/' }), dev),
    ).toBeNull()
    expect(siweProblem(message({ domain: 'localhost:8080', uri: 'http://localhost:8080/' }), dev)).toBe(
      'domain',
    )
    expect(siweProblem(message({ domain: 'localhost', uri: 'http://localhost/' }), dev)).toBe('domain')
  })
})
