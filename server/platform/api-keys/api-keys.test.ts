import { generateKeyPairSync, sign } from 'node:crypto'
import { isIpOrCidr, normalizeScopes } from '@common/apikey/schema'
import { describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, setEncryptionKey } from './cipher'
import { ed25519KeyObject, ed25519Matches, hmacHex, hmacMatches, normalizeEd25519PublicKey } from './crypto'
import { setKeyRateLimit, takeKeyRate } from './rate-limit'
import { rememberSignature } from './replay'
import { apiKeySettings } from './settings'
import { compileAllowlist, ipAllowed } from './store'
import { signingInput } from './verify'

describe('API-key signing primitives', () => {
  it('signs the documented string (docs/api.md worked example)', () => {
    const secret = '2f1c0a4e9b7d3f5a8c6e1b0d4f2a7c9e3b5d8f1a6c4e2b9d7f0a3c5e8b1d6f4a'
    const body = '{"symbol":"BTCUSDT","side":"buy","type":"limit","price":"60000","amount":"0.01"}'
    const input = signingInput('1795000000000', 'post', '/api/spot/order/place', body)
    expect(input).toBe(`1795000000000POST/api/spot/order/place${body}`)
    const sig = hmacHex(secret, input)
    expect(sig).toBe('9f9d6825e2cf68f893888c570cf0c41662aa083f19ad8a621dfc0972ad1f1f22')
    expect(hmacMatches(secret, input, sig.toUpperCase())).toBe(true)
    expect(hmacMatches(secret, `${input} `, sig)).toBe(false)
    expect(hmacMatches(secret, input, 'zz')).toBe(false)
  })

  it('reads an Ed25519 public key as PEM, base64 or hex, and checks its signatures', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const raw = (publicKey.export({ type: 'spki', format: 'der' }) as Buffer).subarray(12)
    const stored = normalizeEd25519PublicKey(pem)
    expect(stored).toBe(raw.toString('base64'))
    expect(normalizeEd25519PublicKey(raw.toString('hex'))).toBe(stored)
    expect(normalizeEd25519PublicKey(raw.toString('base64'))).toBe(stored)
    expect(normalizeEd25519PublicKey('not a key')).toBeNull()
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey
    expect(normalizeEd25519PublicKey(rsa.export({ type: 'spki', format: 'pem' }).toString())).toBeNull()
    const key = ed25519KeyObject(stored as string)
    const sig = sign(null, Buffer.from('hello'), privateKey).toString('base64')
    expect(ed25519Matches(key, 'hello', sig)).toBe(true)
    expect(ed25519Matches(key, 'hellO', sig)).toBe(false)
  })

  it('seals secrets with AES-256-GCM: another key cannot open them, and no key means no HMAC keys', () => {
    setEncryptionKey(Buffer.alloc(32, 1))
    const sealed = encryptSecret('s3cret')
    expect(sealed).not.toContain('s3cret')
    expect(decryptSecret(sealed)).toBe('s3cret')
    expect(encryptSecret('s3cret')).not.toBe(sealed)
    setEncryptionKey(Buffer.alloc(32, 2))
    expect(() => decryptSecret(sealed)).toThrow()
    setEncryptionKey(null)
    expect(() => encryptSecret('x')).toThrow()
    setEncryptionKey(Buffer.alloc(32, 1))
  })

  it('takes the encryption key from the environment, with a development default only outside production', () => {
    expect(apiKeySettings({}).encryptionKey).toHaveLength(32)
    expect(apiKeySettings({ NODE_ENV: 'production' }).encryptionKey).toBeNull()
    expect(
      apiKeySettings({ NODE_ENV: 'production', API_KEY_ENCRYPTION_KEY: 'ab'.repeat(32) }).encryptionKey,
    ).toEqual(Buffer.alloc(32, 0xab))
    expect(() => apiKeySettings({ API_KEY_ENCRYPTION_KEY: 'short' })).toThrow()
    expect(apiKeySettings({ API_KEY_RATE_LIMIT_PER_MINUTE: '60' }).rateLimitPerMinute).toBe(60)
  })
})

describe('API-key rules', () => {
  it('accepts addresses and CIDR blocks of both families, and matches IPv4-mapped addresses', () => {
    for (const ok of ['203.0.113.5', '10.0.0.0/8', '::1', '2001:db8::/32', '::ffff:1.2.3.4'])
      expect(isIpOrCidr(ok)).toBe(true)
    for (const bad of ['256.1.1.1', '10.0.0.0/33', '1.2.3', 'example.com', '2001:db8::/129', '1.2.3.4/8/1'])
      expect(isIpOrCidr(bad)).toBe(false)
    const allow = compileAllowlist(['203.0.113.0/24', '2001:db8::/32'])
    expect(ipAllowed(allow, '203.0.113.9')).toBe(true)
    expect(ipAllowed(allow, '::ffff:203.0.113.9')).toBe(true)
    expect(ipAllowed(allow, '198.51.100.1')).toBe(false)
    expect(ipAllowed(allow, '2001:db8::5')).toBe(true)
    expect(ipAllowed(compileAllowlist([]), '198.51.100.1')).toBe(true)
  })

  it('always grants read, once, in the catalogue order', () => {
    expect(normalizeScopes(['withdraw', 'spot:trade', 'spot:trade'])).toEqual([
      'read',
      'spot:trade',
      'withdraw',
    ])
  })

  it('accepts a signature once while its window is open', () => {
    expect(rememberSignature('k1', 'sig', 2000, 1000)).toBe(true)
    expect(rememberSignature('k1', 'sig', 2000, 1500)).toBe(false)
    expect(rememberSignature('k2', 'sig', 2000, 1500)).toBe(true)
    expect(rememberSignature('k1', 'sig', 4000, 2500)).toBe(true)
  })

  it('counts requests per key per minute and says when to retry', () => {
    setKeyRateLimit(2)
    const t = 60_000 * 1000 + 15_000
    expect(takeKeyRate('r1', t)).toMatchObject({ limit: 2, remaining: 1, reset: 45, retryAfter: null })
    expect(takeKeyRate('r1', t)).toMatchObject({ remaining: 0, retryAfter: null })
    expect(takeKeyRate('r1', t + 1000)).toMatchObject({ remaining: 0, retryAfter: 44 })
    expect(takeKeyRate('r1', t + 45_000)).toMatchObject({ remaining: 1, retryAfter: null })
    setKeyRateLimit(1200)
  })
})
