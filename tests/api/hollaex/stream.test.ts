import { createHmac } from 'node:crypto'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerEmail } from '../accounts/helpers'
import { backends } from '../harness'
import { fund } from '../spot/helpers'
import { hmacKey, hollaexClient, startListening } from './helpers'

interface StreamMsg {
  seq: number
  topic?: string
  action?: string
  data?: unknown
  message?: string
  error?: string
}

/** A raw stream connection signed as HollaEx signs it, with every message it receives. */
function connect(base: string, key: { apiKey: string; secret: string }, secret = key.secret) {
  const expires = String(Math.floor(Date.now() / 1000) + 30)
  const signature = createHmac('sha256', secret).update(`CONNECT/stream${expires}`).digest('hex')
  const url = `${base.replace('http', 'ws')}/api/hollaex/stream?api-key=${key.apiKey}&api-signature=${signature}&api-expires=${expires}`
  const ws = new WebSocket(url)
  const got: StreamMsg[] = []
  const waiters: { test: (m: StreamMsg) => boolean; done: (m: StreamMsg) => void }[] = []
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as StreamMsg
    got.push(m)
    for (const w of [...waiters])
      if (w.test(m)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.done(m)
      }
  })
  return {
    ws,
    got,
    opened: new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)))
    }),
    next(test: (m: StreamMsg) => boolean): Promise<StreamMsg> {
      const seen = got.find(test)
      if (seen) return Promise.resolve(seen)
      return new Promise((done) => waiters.push({ test, done }))
    },
  }
}

describe.each(backends)('the program stream on %s', (backend) => {
  let h: Awaited<ReturnType<typeof startListening>>
  beforeAll(async () => {
    h = await startListening(backend)
  })
  afterAll(() => h.close())

  it('pushes the order, its fill and the balance change with consecutive sequence numbers', async () => {
    const trader = await registerEmail(h.app, h.db)
    const maker = await registerEmail(h.app, h.db)
    await fund(h.db, trader.userId, 'USDT', '1000')
    await fund(h.db, maker.userId, 'ETH', '1')
    const key = await hmacKey(h, trader.userId)
    const s = connect(h.base, key)
    await s.opened
    s.ws.send(JSON.stringify({ op: 'subscribe', args: ['order', 'usertrade', 'wallet'] }))
    await s.next((m) => m.topic === 'wallet' && m.action === 'partial')

    const ex = hollaexClient(h.base, key)
    const order = await ex.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 3000)
    await s.next((m) => m.topic === 'order' && (m.data as { id: string }).id === order.id)
    const seller = hollaexClient(h.base, await hmacKey(h, maker.userId))
    await seller.createOrder('ETH/USDT', 'limit', 'sell', 0.1, 3000)
    const filled = await s.next(
      (m) => m.topic === 'order' && (m.data as { status: string }).status === 'filled',
    )
    expect(filled.data).toMatchObject({ id: order.id, filled: '0.1', symbol: 'eth-usdt' })
    const fill = await s.next((m) => m.topic === 'usertrade' && m.action === 'insert')
    expect(fill.data).toMatchObject([{ order_id: order.id, side: 'buy', price: '3000', size: '0.1' }])
    const wallet = await s.next(
      (m) => m.topic === 'wallet' && (m.data as Record<string, string>).eth_balance === '0.1',
    )
    expect((wallet.data as Record<string, string>).eth_available).toBe('0.1')
    expect(fill.seq).toBeGreaterThan(filled.seq)
    // One connection's messages are numbered 1, 2, 3... without a gap.
    expect(s.got.map((m) => m.seq)).toEqual(s.got.map((_, i) => i + 1))
    s.ws.close()
  })

  it('serves ccxt.pro watchOrders and watchOrderBook unchanged', async () => {
    const trader = await registerEmail(h.app, h.db)
    await fund(h.db, trader.userId, 'USDT', '1000')
    const key = await hmacKey(h, trader.userId)
    const pro = new ccxt.pro.hollaex({
      apiKey: key.apiKey,
      secret: key.secret,
      enableRateLimit: false,
      urls: {
        api: { rest: `${h.base}/api/hollaex`, ws: `${h.base.replace('http', 'ws')}/api/hollaex/stream` },
      },
    })
    try {
      // ccxt asks for this once before a plain ws:// (non-TLS) address.
      await pro.loadHttpProxyAgent()
      await pro.loadMarkets()
      const book = await pro.watchOrderBook('ETH/USDT')
      expect(book.symbol).toBe('ETH/USDT')
      const watching = pro.watchOrders('ETH/USDT')
      // Placed before the subscription is read, the order is in its partial; after, it comes as an update.
      const placed = await hollaexClient(h.base, key).createOrder('ETH/USDT', 'limit', 'buy', 0.1, 2000)
      const orders = await watching
      expect(orders.map((o) => [o.id, o.status])).toContainEqual([placed.id, 'open'])
    } finally {
      await pro.close()
    }
  })

  it('refuses a connection with a wrong signature', async () => {
    const trader = await registerEmail(h.app, h.db)
    const key = await hmacKey(h, trader.userId)
    const s = connect(h.base, key, 'not-the-secret')
    await expect(s.opened).rejects.toThrow('refused 401')
  })
})
