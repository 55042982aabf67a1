import { applyDepthDiff, type DepthDiff } from '@common/market/depth-diff'
import type { DepthSnapshot, PublicTrade, SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail } from '../accounts/helpers'
import { backends } from '../harness'
import { nextMsg, type RealtimeHarness, startRealtime, sub } from '../socket-helpers'
import { fund, spotApi } from './helpers'

describe.each(backends)('spot socket channels on %s', (backend) => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtime(backend)
  })
  afterAll(() => h.close())

  it('publishes depth, trades and the owner’s order updates with consecutive sequence numbers', async () => {
    const seller = await registerEmail(h.app, h.db)
    const buyer = await registerEmail(h.app, h.db)
    await fund(h.db, seller.userId, 'ETH', '1')
    await fund(h.db, buyer.userId, 'USDT', '1000')
    const api = spotApi(h)

    const pub = h.open()
    const depthAck = await sub(pub, 'depth:ETHUSDT')
    expect(depthAck).toMatchObject({ ok: true, seq: 0, data: { symbol: 'ETHUSDT', bids: [], asks: [] } })
    const tradesAck = await sub(pub, 'trades:ETHUSDT')
    expect(tradesAck).toMatchObject({ ok: true, data: [] })
    expect((await sub(pub, 'depth:XAUUSD')).code).toBe(1400)
    const priv = h.open({ token: buyer.token })
    expect((await sub(priv, 'user')).ok).toBe(true)

    const depth1 = nextMsg(pub, 'depth:ETHUSDT')
    await api.place(seller.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '3000',
      amount: '0.1',
    })
    // Depth messages are diffs of the top levels, each applying to the book of the one before.
    const d1 = await depth1
    expect(d1.seq).toBe(1)
    const diff1 = d1.data as DepthDiff
    const book0 = depthAck.data as DepthSnapshot
    expect(diff1.prevSeq).toBe(book0.seq)
    const book1 = applyDepthDiff(book0, diff1)
    expect(book1?.asks).toEqual([{ price: '3000', amount: '0.1' }])
    expect(book1?.seq).toBeGreaterThan(book0.seq)

    const trade = nextMsg(pub, 'trades:ETHUSDT')
    const depth2 = nextMsg(pub, 'depth:ETHUSDT')
    const mine = nextMsg(priv, 'user', (m) => Boolean((m.data as { order?: SpotOrder }).order))
    await api.place(buyer.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '3000',
      amount: '0.1',
    })
    expect((await trade).data as PublicTrade[]).toMatchObject([{ price: '3000', amount: '0.1', side: 'buy' }])
    const d2 = await depth2
    expect(d2.seq).toBe(2)
    expect((d2.data as DepthDiff).prevSeq).toBe(book1?.seq)
    const book2 = book1 && applyDepthDiff(book1, d2.data as DepthDiff)
    expect(book2).toMatchObject({ bids: [], asks: [] })
    // A late subscriber's snapshot is the book the diffs built.
    const late = await sub(h.open(), 'depth:ETHUSDT')
    expect(late).toMatchObject({ ok: true, seq: 2, data: { seq: book2?.seq, bids: [], asks: [] } })
    const m = (await mine).data as { order: SpotOrder; favorites?: string[] }
    expect(m.order).toMatchObject({ status: 'filled', filled: '0.1' })
    // Order updates do not carry favourites: the app keeps its list when an order changes.
    expect(m.favorites).toBeUndefined()
  })
})
