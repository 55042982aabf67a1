import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'

// Well-known test keys (Hardhat accounts 1 and 2): never hold real funds.
const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
// The harness's development default for PUBLIC_URL (unset): http://localhost:<PORT>, PORT 8080.
const DOMAIN = 'localhost:8080'

describe.each(backends)('wallet login on %s', (backend) => {
  let h: Harness
  let post: ReturnType<typeof api>['post']
  let get: ReturnType<typeof api>['get']
  beforeAll(async () => {
    h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    ;({ post, get } = api(h.app))
  })
  afterAll(async () => {
    await h.close()
  })

  async function nonce() {
    const r = await post<{ nonce: string; ticket: string }>('user/walletNonce')
    expect(r.code).toBe(200)
    return r.data
  }

  async function signed(
    account = alice,
    over: Partial<Parameters<typeof createSiweMessage>[0]> = {},
    n?: { nonce: string; ticket: string },
  ) {
    const { nonce: value, ticket } = n ?? (await nonce())
    const now = Date.now()
    const message = createSiweMessage({
      domain: DOMAIN,
      address: account.address,
      statement: 'Log in to Open Exchange',
      uri: `http://${DOMAIN}/`,
      version: '1',
      chainId: 1,
      nonce: value,
      issuedAt: new Date(now),
      expirationTime: new Date(now + 5 * 60 * 1000),
      ...over,
    })
    const signature = await account.signMessage({ message })
    return { account: account.address.toLowerCase(), message, signature, ticket }
  }

  it('signs in a new address, creates its account, and the same address logs into it again', async () => {
    const first = await post<{ token: string; user: { id: string; nickname: string } }>(
      'user/walletlogin',
      await signed(),
    )
    expect(first.code).toBe(200)
    expect(first.data.token).toBeTruthy()
    // Neutral, never the address (the nickname is public).
    expect(first.data.user.nickname).toMatch(/^User [0-9A-F]{6}$/)
    const again = await post<{ token: string; user: { id: string } }>('user/walletlogin', await signed())
    expect(again.code).toBe(200)
    expect(again.data.user.id).toBe(first.data.user.id)
    const me = await get<{ id: string }>('user/getUserInfo', {}, again.data.token)
    expect(me.data.id).toBe(first.data.user.id)
  })

  it('refuses a replayed signature, an expired message, a wrong domain, a nonce of another client and a mismatched address', async () => {
    const users = async () => (await h.db.selectFrom('user_wallet').select('address').execute()).length
    const before = await users()

    const proof = await signed(bob)
    expect((await post('user/walletlogin', proof)).code).toBe(200)
    const replay = await post('user/walletlogin', proof)
    expect(replay.code).toBe(1105)

    const past = Date.now() - 10 * 60 * 1000
    const expired = await signed(bob, { issuedAt: new Date(past), expirationTime: new Date(past + 60_000) })
    expect((await post('user/walletlogin', expired)).code).toBe(1105)

    const domain = await signed(bob, { domain: 'evil.example', uri: 'https://evil.example/' })
    expect((await post('user/walletlogin', domain)).code).toBe(1105)

    const mine = await nonce()
    const theirs = await nonce()
    const stolen = await signed(bob, {}, { nonce: theirs.nonce, ticket: mine.ticket })
    expect((await post('user/walletlogin', stolen)).code).toBe(1105)

    const claimAlice = { ...(await signed(bob)), account: alice.address.toLowerCase() }
    expect((await post('user/walletlogin', claimAlice)).code).toBe(1105)

    const garbage = await post('user/walletlogin', {
      account: 'nope',
      message: 'x',
      signature: '0x',
      ticket: 'y',
    })
    expect(garbage.code).toBe(1101)
    // Bob's one good login made his account; none of the refused ones made anything.
    expect(await users()).toBe(before + 1)
  })

  it('links a wallet to an e-mail account, refuses a wallet of another account, and unlinks', async () => {
    const r = await registerEmail(h.app, h.db)
    const carol = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
    const linkProof = await signed(carol)
    const { ticket: _t, ...rest } = linkProof
    expect((await post('user/wallet/link', linkProof, r.token)).code).toBe(200)
    expect(
      (await get<{ address: string }[]>('user/wallets', {}, r.token)).data.map((w) => w.address),
    ).toEqual([rest.account])
    const viaWallet = await post<{ user: { id: string } }>('user/walletlogin', await signed(carol))
    expect(viaWallet.data.user.id).toBe(r.userId)

    // Alice's wallet belongs to the account created in the first test.
    expect((await post('user/wallet/link', await signed(alice), r.token)).code).toBe(1326)

    expect((await post('user/wallet/unlink', { account: rest.account }, r.token)).code).toBe(200)
    expect((await get<unknown[]>('user/wallets', {}, r.token)).data).toEqual([])
  })

  it('keeps the only way in: a wallet-only account cannot unlink its last wallet', async () => {
    const dave = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a')
    const login = await post<{ token: string }>('user/walletlogin', await signed(dave))
    const res = await post('user/wallet/unlink', { account: dave.address.toLowerCase() }, login.data.token)
    expect(res.code).toBe(1318)
  })
})
