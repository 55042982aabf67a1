import type { ContractUserMessage } from '@common/contract/schema'
import { applyDepthDiff, type DepthDiff } from '@common/market/depth-diff'
import type { DepthSnapshot, PublicTrade } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail } from '../accounts/helpers'
import { backends } from '../harness'
import { nextMsg, type RealtimeHarness, startRealtime, sub } from '../socket-helpers'
import { BTC, contractApi, fundContract } from './helpers'

describe.each(backends)('contract socket channels on %s', (backend) => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtime(backend, { contract: true })
  })
  afterAll(() => h.close())

  it('publishes perpetual depth and trades on the public channels and contract updates to the owner', async () => {
    const c = contractApi(h)
    const alice = await registerEmail(h.app, h.db)
    const bob = await registerEmail(h.app, h.db)
    await fundContract(h.db, alice.userId, '1000')
    await fundContract(h.db, bob.userId, '1000')
    await c.index(BTC, '65000')
    const pub = h.open()
    const depthAck = await sub(pub, `depth:${BTC}`)
    expect(depthAck.ok).toBe(true)
    expect((await sub(pub, `trades:${BTC}`)).ok).toBe(true)
    const mine = h.open({ token: alice.token })
    expect((await sub(mine, 'user')).ok).toBe(true)

    // The book the depth diffs build, from the subscribe snapshot on.
    let book: DepthSnapshot | null = depthAck.data as DepthSnapshot
    pub.on('msg', (m: { ch: string; data: DepthDiff }) => {
      if (m.ch === `depth:${BTC}` && book) book = applyDepthDiff(book, m.data)
    })
    const depth = nextMsg(pub, `depth:${BTC}`, (m) => (m.data as DepthDiff).asks.length > 0)
    await c.place(bob.token, {
      symbol: BTC,
      side: 'short',
      type: 'limit',
      lots: 10,
      leverage: 10,
      price: '65000',
    })
    await depth
    expect(book?.asks[0]).toEqual({ price: '65000', amount: '0.01' })

    const trades = nextMsg(pub, `trades:${BTC}`)
    const position = nextMsg(mine, 'user', (m) => 'position' in (m.data as object))
    const order = nextMsg(mine, 'user', (m) => 'contractOrder' in (m.data as object))
    await c.place(alice.token, { symbol: BTC, side: 'long', type: 'market', lots: 4, leverage: 10 })
    expect(((await trades).data as PublicTrade[])[0]).toMatchObject({
      price: '65000',
      amount: '0.004',
      side: 'buy',
    })
    const p = (await position).data as Extract<ContractUserMessage, { position: unknown }>
    expect(p.position).toMatchObject({ symbol: BTC, side: 'long', lots: '4' })
    const o = (await order).data as Extract<ContractUserMessage, { contractOrder: unknown }>
    expect(o.contractOrder).toMatchObject({ status: 'filled', filledLots: '4' })
    // An unknown perpetual is refused.
    expect((await sub(pub, 'depth:NOPE_PERP')).ok).toBe(false)
  })
})
