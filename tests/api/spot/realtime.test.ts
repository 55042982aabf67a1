import type { AddressInfo } from 'node:net'
import type { DepthSnapshot, PublicTrade, SpotOrder } from '@common/schemas/spot'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spotService } from '../../../server/modules/spot/service'
import { RealtimeHub } from '../../../server/realtime/hub'
import { registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi } from './helpers'

interface Msg {
  ch: string
  seq: number
  data: unknown
}

describe.each(backends)('spot socket channels on %s', (backend) => {
  let h: Harness
  let hub: RealtimeHub
  let url: string
  const sockets: Socket[] = []
  beforeAll(async () => {
    // The hub on the harness app's own HTTP server, with market data read from the same database.
    h = await startHarness(backend)
    const { MarketData } = await import('../../../server/market/service')
    const market = new MarketData(h.db)
    await market.load()
    hub = new RealtimeHub(h.app.server, { market, db: h.db, spot: spotService(h.db) })
    await h.app.listen({ port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await hub.close()
    await h.close()
  })

  const open = (auth?: { token: string }) => {
    const s = connect(url, { transports: ['websocket'], auth, forceNew: true, reconnection: false })
    sockets.push(s)
    return s
  }
  const sub = (s: Socket, ch: string) =>
    s.emitWithAck('sub', ch) as Promise<{ ok: boolean; seq: number; data: unknown; code?: number }>
  const nextMsg = (s: Socket, ch: string, where: (m: Msg) => boolean = () => true) =>
    new Promise<Msg>((resolve) => {
      const on = (m: Msg) => {
        if (m.ch !== ch || !where(m)) return
        s.off('msg', on)
        resolve(m)
      }
      s.on('msg', on)
    })

  it('publishes depth, trades and the owner’s order updates with consecutive sequence numbers', async () => {
    const seller = await registerEmail(h.app, h.db)
    const buyer = await registerEmail(h.app, h.db)
    await fund(h.db, seller.userId, 'ETH', '1')
    await fund(h.db, buyer.userId, 'USDT', '1000')
    const api = spotApi(h)

    const pub = open()
    const depthAck = await sub(pub, 'depth:ETHUSDT')
    expect(depthAck).toMatchObject({ ok: true, seq: 0, data: { symbol: 'ETHUSDT', bids: [], asks: [] } })
    const tradesAck = await sub(pub, 'trades:ETHUSDT')
    expect(tradesAck).toMatchObject({ ok: true, data: [] })
    expect((await sub(pub, 'depth:XAUUSD')).code).toBe(1400)
    const priv = open({ token: buyer.token })
    expect((await sub(priv, 'user')).ok).toBe(true)

    const depth1 = nextMsg(pub, 'depth:ETHUSDT')
    await api.place(seller.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '3000',
      amount: '0.1',
    })
    const d1 = await depth1
    expect(d1.seq).toBe(1)
    expect((d1.data as DepthSnapshot).asks).toEqual([{ price: '3000', amount: '0.1' }])

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
    expect((d2.data as DepthSnapshot).asks).toEqual([])
    const m = (await mine).data as { order: SpotOrder; favorites?: string[] }
    expect(m.order).toMatchObject({ status: 'filled', filled: '0.1' })
    // Order updates do not carry favourites: the app keeps its list when an order changes.
    expect(m.favorites).toBeUndefined()
  })
})
