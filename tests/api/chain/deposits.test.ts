import { type Address, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, deployToken, localChain, sendToken, startAnvil } from '../../../scripts/chain/anvil'
import { buildApp } from '../../../server/app'
import type { EvmChainConfig } from '../../../server/chain-config'
import { loadConfig } from '../../../server/config'
import { chainOverview } from '../../../server/modules/assets/chain/overview'
import { ChainWatcher } from '../../../server/modules/assets/chain/watcher'
import { api, registerEmail } from '../accounts/helpers'
import { expectSound } from '../assets/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { chainConfig, chainSkipReason, funding } from './setup'

const skip = chainSkipReason()
if (skip) console.warn(skip)

interface Pending {
  txHash: string
  coin: string
  amount: string
  confirmations: number
  required: number
}

describe.skipIf(skip !== null).each(backends)('deposits on a local EVM chain (%s)', (backend) => {
  let a: Anvil
  let h: Harness
  let token: Address
  let other: Address
  let cfg: EvmChainConfig
  let user: { token: string; userId: string }
  let address: string

  beforeAll(async () => {
    a = await startAnvil()
    token = await deployToken(a)
    other = await deployToken(a)
    cfg = chainConfig(a, token, { confirmations: 5 })
    h = await startHarness(backend, { chains: [cfg], authRateLimitPerMinute: 100_000 })
    user = await registerEmail(h.app, h.db)
    const r = await api(h.app).get<{
      address: string
      watched: boolean
      confirmations: number
      minAmount: string
    }>('assets/deposit/address', { coin: 'USDT', chain: 'ERC20' }, user.token)
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({ watched: true, confirmations: 5, minAmount: '1' })
    address = r.data.address
  })

  afterAll(async () => {
    await h?.close()
    await a?.stop()
  })

  const pending = async () => {
    const r = await api(h.app).get<Pending[]>(
      'assets/deposit/pending',
      { coin: 'USDT', chain: 'ERC20' },
      user.token,
    )
    expect(r.code, r.msg).toBe(200)
    return r.data
  }

  it('gives each user one address of their own, the same on every call', async () => {
    const again = await api(h.app).get<{ address: string }>(
      'assets/deposit/address',
      { coin: 'ETH', chain: 'ERC20' },
      user.token,
    )
    expect(again.data.address).toBe(address)
    const other = await registerEmail(h.app, h.db)
    const theirs = await api(h.app).get<{ address: string }>(
      'assets/deposit/address',
      { coin: 'USDT', chain: 'ERC20' },
      other.token,
    )
    expect(theirs.data.address).not.toBe(address)
  })

  it('credits a token deposit once, after N confirmations, across a restart; ignores other tokens and dust', async () => {
    await sendToken(a, token, address, 25_000_000n) // 25 USDT
    await sendToken(a, other, address, 99_000_000n) // not allowlisted
    await sendToken(a, token, address, 500_000n) // 0.5 USDT, under the minimum of 1
    const w1 = new ChainWatcher(h.db, cfg)
    await w1.pass()
    let list = await pending()
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ coin: 'USDT', amount: '25', required: 5 })
    const k = list[0]?.confirmations ?? 0
    expect(k).toBe(3) // its block and the two after it
    expect(await funding(h.db, user.userId, 'USDT')).toBe('0')

    // A restart: a new app and a new watcher on the same database, nothing kept in memory.
    const app2 = await buildApp({
      config: { ...loadConfig({}), logLevel: 'silent', staticDir: '/nonexistent', chains: [cfg] },
      db: h.db,
    })
    await app2.ready()
    const w2 = new ChainWatcher(h.db, cfg)
    await a.client.mine({ blocks: 1 })
    expect((await w2.pass()).credited).toBe(0)
    expect((await pending())[0]?.confirmations).toBe(4)
    await a.client.mine({ blocks: 1 })
    // Two runners at once (a race on PostgreSQL): the row is locked first, so one credits.
    const both = await Promise.all([w1.pass(), w2.pass()])
    expect(both.map((r) => r.credited).sort()).toEqual([0, 1])
    // The old watcher (or a second runner) passing again credits nothing more.
    expect((await w1.pass()).credited).toBe(0)
    expect((await w2.pass()).credited).toBe(0)
    await app2.close()

    expect(await funding(h.db, user.userId, 'USDT')).toBe('25')
    expect(await pending()).toHaveLength(0)
    const deposits = await api(h.app).get<{ list: { coin: string; amount: string; status: string }[] }>(
      'assets/deposits',
      { page: '1', size: '10' },
      user.token,
    )
    expect(deposits.data.list).toEqual([
      expect.objectContaining({ coin: 'USDT', amount: '25', status: 'credited' }),
    ])
    list = await pending()
    expect(list).toEqual([])
    // The console's chain page lists it among the last credited, and nothing pending.
    const view = await chainOverview(h.db, cfg)
    expect(view.pending).toEqual([])
    expect(view.credited).toEqual([
      expect.objectContaining({ coin: 'USDT', amount: '25', userId: user.userId }),
    ])
    expect(view.credited[0]?.address.toLowerCase()).toBe(address.toLowerCase())
    expect(view.deposits.credited).toBe(1)
    await expectSound(h.db)
  })

  it('credits a native deposit', async () => {
    await a.client.sendTransaction({ to: address as Address, value: parseEther('0.25'), chain: localChain })
    const w = new ChainWatcher(h.db, cfg)
    await w.pass()
    await a.client.mine({ blocks: 5 })
    await w.pass()
    expect(await funding(h.db, user.userId, 'ETH')).toBe('0.25')
  })

  it('a deposit whose block is reorganised away before N confirmations is never credited', async () => {
    const before = await funding(h.db, user.userId, 'USDT')
    const w = new ChainWatcher(h.db, cfg)
    await w.pass()
    const snap = await a.client.snapshot()
    await sendToken(a, token, address, 7_000_000n)
    await w.pass()
    expect((await pending()).map((p) => p.amount)).toEqual(['7'])
    await a.client.revert({ id: snap })
    await a.client.mine({ blocks: 5 })
    const r = await w.pass()
    expect(r.dropped).toBe(1)
    await a.client.mine({ blocks: 5 })
    await w.pass()
    expect(await pending()).toEqual([])
    expect(await funding(h.db, user.userId, 'USDT')).toBe(before)
  })

  it('refuses to watch a token whose configured decimals differ from the contract', async () => {
    const wrong = new ChainWatcher(h.db, {
      ...cfg,
      tokens: [{ coin: 'USDT', contract: token, decimals: 18, minDeposit: '1' }],
    })
    await expect(wrong.pass()).rejects.toThrow(/configured 18 decimals, the contract says 6/)
  })
})
