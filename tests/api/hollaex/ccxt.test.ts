import type { DepthSnapshot, SpotFill, SpotOrder } from '@common/spot/schema'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { api, registerEmail } from '../accounts/helpers'
import { backends } from '../harness'
import { fund, spotBalance } from '../spot/helpers'
import { connect, hmacKey, hollaexClient, startListening } from './helpers'

/**
 * A stock ccxt `hollaex` client, pointed at /api/hollaex, trades here unchanged; every answer is
 * checked against the native API (issue 37).
 */
describe.each(backends)('ccxt hollaex client on %s', (backend) => {
  let h: Awaited<ReturnType<typeof startListening>>
  let trader: { userId: string; token: string }
  let maker: { userId: string; token: string }
  let ex: InstanceType<typeof ccxt.hollaex>
  beforeAll(async () => {
    h = await startListening(backend)
    trader = await registerEmail(h.app, h.db)
    maker = await registerEmail(h.app, h.db)
    await fund(h.db, trader.userId, 'USDT', '10000')
    await fund(h.db, maker.userId, 'ETH', '1')
    ex = hollaexClient(h.base, await hmacKey(h, trader.userId))
  })
  afterAll(() => h.close())
  const native = () => api(h.app)

  it('reads markets, ticker, book, trades and candles as the native API answers them', async () => {
    const markets = await ex.loadMarkets()
    const inst = (
      await native().get<
        { symbol: string; pricePrecision: number; amountPrecision: number; minAmount: string }[]
      >('market/instruments', { category: 'spot' })
    ).data.find((i) => i.symbol === 'ETHUSDT')
    const m = markets['ETH/USDT']
    expect(m?.id).toBe('eth-usdt')
    expect(m?.precision.price).toBe(Number(`1e-${inst?.pricePrecision}`))
    expect(m?.precision.amount).toBe(Number(`1e-${inst?.amountPrecision}`))
    expect(m?.limits.amount?.min).toBe(Number(inst?.minAmount))
    expect(Object.values(markets).every((x) => x?.spot)).toBe(true)

    const ticker = await ex.fetchTicker('ETH/USDT')
    const t = (await native().get<{ last: string } | null>('market/ticker', { symbol: 'ETHUSDT' })).data
    expect(ticker.last ?? null).toBe(t ? Number(t.last) : null)

    await native().post(
      'spot/order/place',
      { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3000', amount: '0.1' },
      maker.token,
    )
    const book = await ex.fetchOrderBook('ETH/USDT')
    expect(book.asks).toEqual([[3000, 0.1]])
    const raw = (await ex.publicGetOrderbook({ symbol: 'eth-usdt' })) as Record<string, { seq: number }>
    const depth = (await native().get<DepthSnapshot>('spot/depth', { symbol: 'ETHUSDT' })).data
    expect(raw['eth-usdt']?.seq).toBe(depth.seq)
    expect(depth.seq).toBeGreaterThan(0)

    const now = Date.now()
    const candles = await ex.fetchOHLCV('ETH/USDT', '1m', now - 3600_000)
    const kline = (
      await native().get<{ t: number; c: string }[]>('market/kline', {
        symbol: 'ETHUSDT',
        period: '1m',
        limit: '60',
      })
    ).data
    for (const [time, , , , close] of candles) {
      const k = kline.find((c) => c.t === time)
      if (k) expect(close).toBe(Number(k.c))
    }
    expect(candles.every(([time]) => (time as number) >= now - 3600_000 - 60_000)).toBe(true)
  })

  it('places, lists, reads and cancels a limit order; a marketable limit fills; the fills match', async () => {
    const balance = await ex.fetchBalance()
    expect(balance.USDT?.free).toBe(10000)

    const resting = await ex.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 2900)
    expect(resting).toMatchObject({ status: 'open', side: 'buy', price: 2900, amount: 0.1, filled: 0 })
    const open = await ex.fetchOpenOrders('ETH/USDT')
    expect(open.map((o) => o.id)).toEqual([resting.id])
    const nativeOpen = (
      await native().get<SpotOrder[]>('spot/orders/open', { symbol: 'ETHUSDT' }, trader.token)
    ).data
    expect(nativeOpen.map((o) => o.id)).toEqual([resting.id])
    expect((await ex.fetchBalance()).USDT?.used).toBe(
      Number((await spotBalance(h.db, trader.userId, 'USDT')).frozen),
    )

    const cancelled = await ex.cancelOrder(resting.id as string, 'ETH/USDT')
    expect(cancelled).toMatchObject({ id: resting.id, status: 'canceled' })
    expect(await ex.fetchOrder(resting.id as string)).toMatchObject({ id: resting.id, status: 'canceled' })
    expect(await ex.fetchOpenOrders('ETH/USDT')).toEqual([])

    const taken = await ex.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 3000)
    expect(taken).toMatchObject({ status: 'closed', filled: 0.1 })
    const mine = await ex.fetchMyTrades('ETH/USDT')
    const fills = (
      await native().get<{ list: SpotFill[] }>('spot/fills', { symbol: 'ETHUSDT' }, trader.token)
    ).data.list
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      order: taken.id,
      side: 'buy',
      price: 3000,
      amount: 0.1,
      fee: { currency: 'USDT' },
    })
    expect(mine[0]?.fee?.cost).toBe(Number(fills[0]?.fee))
    const trades = await ex.fetchTrades('ETH/USDT')
    expect(trades.map((t) => [t.price, t.amount, t.side])).toEqual([[3000, 0.1, 'buy']])
    // The chart is the market's own trades, as the native kline draws it.
    const last = (await ex.fetchOHLCV('ETH/USDT', '1m')).at(-1)
    const kline = (
      await native().get<{ t: number; c: string }[]>('market/kline', {
        symbol: 'ETHUSDT',
        period: '1m',
        limit: '1',
      })
    ).data.at(-1)
    expect(last?.[4]).toBe(3000)
    expect([last?.[0], last?.[4]]).toEqual([kline?.t, Number(kline?.c)])
    const after = await ex.fetchBalance()
    const eth = await spotBalance(h.db, trader.userId, 'ETH')
    expect(after.ETH?.free).toBe(Number(eth.available))
    const closed = await ex.fetchClosedOrders('ETH/USDT')
    expect(closed.map((o) => [o.id, o.status])).toEqual([
      [resting.id, 'canceled'],
      [taken.id, 'closed'],
    ])
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('answers in the words ccxt maps to its exception classes', async () => {
    await expect(ex.createOrder('ETH/USDT', 'limit', 'buy', 100, 2000)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    )
    await expect(ex.fetchOrder('999999999')).rejects.toBeInstanceOf(ccxt.OrderNotFound)
    await expect(ex.cancelOrder('999999999')).rejects.toBeInstanceOf(ccxt.OrderNotFound)
    // meta.post_only is the engine's post-only: refused when it would take, resting otherwise.
    await native().post(
      'spot/order/place',
      { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3100', amount: '0.1' },
      maker.token,
    )
    await expect(
      ex.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 3100, { postOnly: true }),
    ).rejects.toBeInstanceOf(ccxt.OrderImmediatelyFillable)
    const maker1 = await ex.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 3000, { postOnly: true })
    expect(maker1).toMatchObject({ status: 'open', postOnly: true })
    const nativeOrder = (
      await native().get<SpotOrder[]>('spot/orders/open', { symbol: 'ETHUSDT' }, trader.token)
    ).data
    expect(nativeOrder.find((o) => o.id === maker1.id)?.postOnly).toBe(true)
    expect(await ex.fetchOrder(maker1.id as string)).toMatchObject({ postOnly: true })
    await ex.cancelOrder(maker1.id as string)
  })

  it('refuses a bad signature, a stale or far expiry, a read-only key placing, a foreign address and a revoked key', async () => {
    const key = await hmacKey(h, trader.userId)
    // Another last character (a fixed '0' was the same secret whenever the real one ended in 0).
    const last = key.secret.at(-1) === '0' ? '1' : '0'
    const wrong = hollaexClient(h.base, { apiKey: key.apiKey, secret: `${key.secret.slice(0, -1)}${last}` })
    await expect(wrong.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError)
    const stale = hollaexClient(h.base, key, { options: { 'api-expires': -5 } })
    await expect(stale.fetchBalance()).rejects.toBeInstanceOf(ccxt.InvalidNonce)
    const far = hollaexClient(h.base, key, { options: { 'api-expires': 120 } })
    await expect(far.fetchBalance()).rejects.toBeInstanceOf(ccxt.InvalidNonce)
    // Within the minute it works.
    const ok = hollaexClient(h.base, key, { options: { 'api-expires': 60 } })
    expect((await ok.fetchBalance()).USDT).toBeDefined()

    const readOnly = hollaexClient(h.base, await hmacKey(h, trader.userId, ['read']))
    expect((await readOnly.fetchBalance()).USDT).toBeDefined()
    await expect(readOnly.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 2000)).rejects.toBeInstanceOf(
      ccxt.AuthenticationError,
    )
    await expect(readOnly.fetchOpenOrders('ETH/USDT')).resolves.toEqual([])

    const elsewhere = hollaexClient(h.base, await hmacKey(h, trader.userId, ['read'], ['10.9.8.7']))
    await expect(elsewhere.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError)

    const { revokeKey } = await import('../../../server/platform/api-keys/index')
    const doomed = await hmacKey(h, trader.userId)
    const client = hollaexClient(h.base, doomed)
    expect((await client.fetchBalance()).USDT).toBeDefined()
    await revokeKey(h.db, doomed.id, { reason: 'test', actorId: trader.userId, userId: trader.userId })
    await expect(client.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError)
  })

  it('a key signed the HollaEx way does not open the console', async () => {
    const key = await hmacKey(h, trader.userId)
    const signer = hollaexClient(h.base, key)
    // ccxt's own signing of a request to /api/admin/me.
    const { url, headers } = signer.sign('me', 'private', 'GET', {}) as {
      url: string
      headers: Record<string, string>
    }
    const res = await fetch(url.replace('/api/hollaex/v2/me', '/api/admin/me'), { headers })
    const body = (await res.json()) as { code: number }
    expect(body.code).not.toBe(200)
    expect([1003, 1006, 2607]).toContain(body.code)
  })

  // ---- the program stream, /api/hollaex/stream ----

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
