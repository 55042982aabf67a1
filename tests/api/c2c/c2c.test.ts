import type { C2cAd, C2cMessage, C2cOrder } from '@common/c2c/schema'
import { maskId } from '@common/invite/rules'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { applyAndApprove, product, uploadImage } from '../loan/helpers'
import { expectSound, funding, order, publish, trader } from './helpers'

const MIN = 60_000

describe.each(backends)('c2c on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })
  afterEach(async () => {
    await s.call.post('dev/c2c/clock', { offsetMs: 0 })
  })

  it('shows example ads to visitors on a fresh install, funded through the ledger', async () => {
    const r = await s.call.get<C2cAd[]>('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'CNY' })
    expect(r.code).toBe(200)
    expect(r.data.length).toBeGreaterThan(0)
    expect(r.data[0]).toMatchObject({ side: 'sell', coin: 'USDT', status: 'online', mine: false })
    expect(r.data[0]?.advertiser.merchant).toBe(true)
    // Best price first for a buyer.
    const prices = r.data.map((a) => Number(a.price))
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)
    const buy = await s.call.get<C2cAd[]>('c2c/ads', { side: 'buy', coin: 'USDT', fiat: 'CNY' })
    expect(buy.data.length).toBeGreaterThan(0)
    const merchants = await s.call.get<C2cAd[]>('c2c/ads', {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      merchant: '1',
    })
    expect(merchants.data.every((a) => a.advertiser.merchant)).toBe(true)
    expect((await s.call.get('c2c/ads', { side: 'x' })).code).toBe(1101)
    // The demo merchants were funded through the ledger; the help article describes C2C as built.
    const seed = await s.h.db
      .selectFrom('ledger_entry')
      .select('reason')
      .where('ref_type', '=', 'c2c_demo_seed')
      .execute()
    expect(seed.map((e) => e.reason)).toEqual(['c2c_demo_funding'])
    const help = await s.h.db
      .selectFrom('article_text')
      .select('body')
      .where('title', '=', 'C2C trading safely')
      .executeTakeFirstOrThrow()
    expect(help.body).toContain('Menu > C2C')
    await expectSound(s.h.db)
  })

  it('needs approved identity, and a holder name that matches it, for payment accounts and trading', async () => {
    const { call, h } = s
    const u = await registerEmail(h.app, h.db)
    const bank = { kind: 'bank', name: 'Someone', bank: 'B', branch: 'C', account: '6222000011112222' }
    expect((await call.post('c2c/payment/save', bank)).code).toBe(1003)
    expect((await call.post('c2c/payment/save', bank, u.token)).code).toBe(2419)
    const ads = await call.get<C2cAd[]>('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'CNY' })
    expect(
      (await call.post('c2c/order/create', { adId: ads.data[0]?.id, amount: '100' }, u.token)).code,
    ).toBe(2419)
    const t = await trader(h, call, { bank: false })
    expect((await call.post('c2c/payment/save', { ...bank, name: 'Not Me' }, t.token)).code).toBe(2401)
    expect(
      (await call.post('c2c/payment/save', { ...bank, name: t.name, account: '12ab' }, t.token)).code,
    ).toBe(1101)
    const ok = await call.post<{ id: string }>(
      'c2c/payment/save',
      { kind: 'alipay', name: t.name.toUpperCase(), account: 'me@alipay' },
      t.token,
    )
    expect(ok.code, ok.msg).toBe(200)
    const me = await call.get<{ verified: boolean; payments: unknown[] }>('c2c/me', {}, t.token)
    expect(me.data).toMatchObject({ verified: true })
    expect(me.data.payments).toHaveLength(1)
    // Another user's account cannot be edited or deleted.
    const other = await trader(h, call, { bank: false })
    expect((await call.post('c2c/payment/delete', { id: ok.data.id }, other.token)).code).toBe(2402)
    expect((await call.post('c2c/payment/delete', { id: ok.data.id }, t.token)).code).toBe(200)
  })

  it('happy path: sell ad freezes, order, chat, paid, release moves the escrow to the buyer', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '500' })
    const buyer = await trader(h, call)
    const stranger = await trader(h, call)
    // Not enough to freeze: refused, nothing changes.
    expect(
      (
        await call.post(
          'c2c/ad/save',
          {
            side: 'sell',
            coin: 'USDT',
            fiat: 'CNY',
            price: '7',
            total: '600',
            minAmount: '70',
            maxAmount: '700',
            payKinds: ['bank'],
          },
          seller.token,
        )
      ).code,
    ).toBe(1200)
    const ad = await publish(call, seller, {})
    expect(await funding(h.db, seller.userId)).toEqual({ available: '400', frozen: '100' })
    const o = await order(call, buyer, { adId: ad.id, amount: '140' })
    expect(o).toMatchObject({ status: 'unpaid', quantity: '20', amount: '140', price: '7', role: 'buyer' })
    expect(o.payment[0]).toMatchObject({ kind: 'bank', name: seller.name })
    expect(o.expiresAt - o.createdAt).toBe(20 * MIN)
    const ads = await call.get<C2cAd[]>('c2c/my-ads', {}, seller.token)
    expect(ads.data.find((a) => a.id === ad.id)?.remaining).toBe('80')

    // Chat between the two parties; an empty message is refused.
    expect((await call.post('c2c/order/message', { id: o.id, body: '   ' }, buyer.token)).code).toBe(1101)
    const img = await uploadImage(h, buyer.token)
    const sent = await call.post<C2cMessage>(
      'c2c/order/message',
      { id: o.id, body: 'Paying now', image: img },
      buyer.token,
    )
    expect(sent.code, sent.msg).toBe(200)
    expect((await call.post('c2c/order/message', { id: o.id, body: 'OK' }, seller.token)).code).toBe(200)
    const bview = await call.get<C2cOrder>(`c2c/order/${o.id}`, {}, buyer.token)
    expect(bview.data).toMatchObject({ role: 'buyer', unread: 1 })
    const last = (await call.get<C2cMessage[]>(`c2c/order/${o.id}/messages`, {}, buyer.token)).data.at(-1)
    await call.post('c2c/order/read', { id: o.id, upTo: last?.id }, buyer.token)
    expect((await call.get<C2cOrder>(`c2c/order/${o.id}`, {}, buyer.token)).data.unread).toBe(0)
    const msgs = await call.get<C2cMessage[]>(`c2c/order/${o.id}/messages`, {}, seller.token)
    expect(msgs.data.map((m) => m.from)).toEqual(['system', 'buyer', 'seller'])
    const pic = await h.app.inject({
      url: `/api/c2c/order/${o.id}/image/${img}`,
      headers: { authorization: `Bearer ${seller.token}` },
    })
    expect(pic.headers['content-type']).toBe('image/jpeg')

    // A third party can read neither the order, nor its chat, nor its pictures, and can act on nothing.
    expect((await call.get(`c2c/order/${o.id}`, {}, stranger.token)).code).toBe(2410)
    expect((await call.get(`c2c/order/${o.id}/messages`, {}, stranger.token)).code).toBe(2410)
    const spic = await h.app.inject({
      url: `/api/c2c/order/${o.id}/image/${img}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    })
    expect(spic.json().code).toBe(2410)
    for (const path of ['c2c/order/paid', 'c2c/order/release', 'c2c/order/cancel'])
      expect((await call.post(path, { id: o.id }, stranger.token)).code).toBe(2410)
    expect((await call.post('c2c/order/message', { id: o.id, body: 'hi' }, stranger.token)).code).toBe(2410)
    expect((await call.get<{ list: C2cOrder[] }>('c2c/orders', {}, stranger.token)).data.list).toEqual([])

    // Wrong party for each step: the seller cannot mark paid, the buyer cannot release.
    expect((await call.post('c2c/order/paid', { id: o.id }, seller.token)).code).toBe(2411)
    const proof = await uploadImage(h, buyer.token)
    const paid = await call.post<C2cOrder>('c2c/order/paid', { id: o.id, proof }, buyer.token)
    expect(paid.data.status).toBe('paid')
    expect((await call.post('c2c/order/release', { id: o.id }, buyer.token)).code).toBe(2411)
    expect((await call.post('c2c/order/cancel', { id: o.id }, buyer.token)).code).toBe(2411)
    const done = await call.post<C2cOrder>('c2c/order/release', { id: o.id }, seller.token)
    expect(done.data).toMatchObject({ status: 'completed', settledToBuyer: '20' })
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '20', frozen: '0' })
    expect(await funding(h.db, seller.userId)).toEqual({ available: '400', frozen: '80' })
    // The chat closes with the order; the history stays.
    expect((await call.post('c2c/order/message', { id: o.id, body: 'thanks' }, buyer.token)).code).toBe(2414)
    const hist = await call.get<C2cMessage[]>(`c2c/order/${o.id}/messages`, {}, buyer.token)
    expect(hist.data.filter((m) => m.from === 'system').map((m) => m.body)).toEqual([
      'created',
      'paid',
      'released',
    ])
    const mine = await call.get<{ list: C2cOrder[] }>('c2c/orders', { status: 'done' }, buyer.token)
    expect(mine.data.list.map((x) => x.id)).toContain(o.id)
    // Taking the ad off returns what is left.
    const off = await call.post<C2cAd>('c2c/ad/off', { id: ad.id }, seller.token)
    expect(off.data.status).toBe('offline')
    expect(await funding(h.db, seller.userId)).toEqual({ available: '480', frozen: '0' })
    expect((await call.post('c2c/ad/off', { id: ad.id }, buyer.token)).code).toBe(2404)
    await expectSound(h.db)
  })

  it('refuses bad input and changes nothing: 0, above what is left, limits, own ad, others’ orders', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, { total: '50', minAmount: '70', maxAmount: '700' })
    const before = await funding(h.db, seller.userId)
    expect((await call.post('c2c/order/create', { adId: ad.id, amount: '0' }, buyer.token)).code).toBe(1101)
    expect((await call.post('c2c/order/create', { adId: ad.id, quantity: '0' }, buyer.token)).code).toBe(1101)
    expect((await call.post('c2c/order/create', { adId: ad.id }, buyer.token)).code).toBe(1101)
    expect((await call.post('c2c/order/create', { adId: ad.id, amount: '-5' }, buyer.token)).code).toBe(1101)
    expect((await call.post('c2c/order/create', { adId: ad.id, amount: '100.001' }, buyer.token)).code).toBe(
      1101,
    )
    expect((await call.post('c2c/order/create', { adId: ad.id, quantity: '51' }, buyer.token)).code).toBe(
      2408,
    )
    expect((await call.post('c2c/order/create', { adId: ad.id, amount: '69.99' }, buyer.token)).code).toBe(
      2406,
    )
    expect((await call.post('c2c/order/create', { adId: ad.id, quantity: '0.001' }, buyer.token)).code).toBe(
      2406,
    )
    expect(
      (await call.post('c2c/order/create', { adId: ad.id, quantity: '1.0000000001' }, buyer.token)).code,
    ).toBe(1101)
    expect((await call.post('c2c/order/create', { adId: ad.id, amount: '100' }, seller.token)).code).toBe(
      2405,
    )
    expect((await call.post('c2c/order/create', { adId: '999999', amount: '100' }, buyer.token)).code).toBe(
      2404,
    )
    expect(
      (
        await call.post(
          'c2c/ad/save',
          {
            side: 'sell',
            coin: 'USDT',
            fiat: 'CNY',
            price: '7',
            total: '1',
            minAmount: '700',
            maxAmount: '70',
            payKinds: ['bank'],
          },
          seller.token,
        )
      ).code,
    ).toBe(1101)
    expect(
      (
        await call.post(
          'c2c/ad/save',
          {
            side: 'sell',
            coin: 'DOGE',
            fiat: 'CNY',
            price: '7',
            total: '1',
            minAmount: '7',
            maxAmount: '70',
            payKinds: ['bank'],
          },
          seller.token,
        )
      ).code,
    ).toBe(1101)
    // An ad taking a kind the seller has no account of is refused.
    expect(
      (
        await call.post(
          'c2c/ad/save',
          {
            side: 'sell',
            coin: 'USDT',
            fiat: 'CNY',
            price: '7',
            total: '1',
            minAmount: '7',
            maxAmount: '70',
            payKinds: ['wechat'],
          },
          seller.token,
        )
      ).code,
    ).toBe(2403)
    expect(await funding(h.db, seller.userId)).toEqual(before)
    const mine = await call.get<C2cAd[]>('c2c/my-ads', {}, seller.token)
    expect(mine.data.find((a) => a.id === ad.id)?.remaining).toBe('50')
    expect(mine.data).toHaveLength(1)
    // Someone else's order: not found for every action.
    const o = await order(call, buyer, { adId: ad.id, amount: '70' })
    const other = await trader(h, call)
    expect((await call.post('c2c/order/appeal', { id: o.id, content: 'x' }, other.token)).code).toBe(2410)
    expect((await call.post('c2c/order/settlement', { id: o.id, accept: true }, other.token)).code).toBe(2410)
    expect((await call.post('c2c/order/read', { id: o.id, upTo: '1' }, other.token)).code).toBe(2410)
    expect((await call.get(`c2c/order/${o.id}`, {}, other.token)).code).toBe(2410)
    await call.post('c2c/order/cancel', { id: o.id }, buyer.token)
    await expectSound(h.db)
  })

  it('an unpaid order times out: cancelled by the scheduler, escrow back on the ad, never released', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, { total: '100', payWindow: 15 })
    const o = await order(call, buyer, { adId: ad.id, quantity: '30' })
    expect(o.payWindow).toBe(15)
    // Within the window nothing happens.
    await call.post('dev/c2c/clock', { offsetMs: 14 * MIN })
    await call.post('dev/c2c/run')
    expect((await call.get<C2cOrder>(`c2c/order/${o.id}`, {}, buyer.token)).data.status).toBe('unpaid')
    await call.post('dev/c2c/clock', { offsetMs: 16 * MIN })
    const run = await call.post<{ timedOut: number }>('dev/c2c/run')
    expect(run.data.timedOut).toBeGreaterThanOrEqual(1)
    const after = await call.get<C2cOrder>(`c2c/order/${o.id}`, {}, buyer.token)
    expect(after.data.status).toBe('timeout')
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '0', frozen: '0' })
    expect(await funding(h.db, seller.userId)).toEqual({ available: '0', frozen: '100' })
    const ads = await call.get<C2cAd[]>('c2c/my-ads', {}, seller.token)
    expect(ads.data.find((a) => a.id === ad.id)?.remaining).toBe('100')
    // A second pass (after a restart) does nothing more; a late "paid" is refused.
    await call.post('dev/c2c/run')
    expect((await call.post('c2c/order/paid', { id: o.id }, buyer.token)).code).toBe(2435)
    // A paid order is never touched by the timer, however long it waits.
    const o2 = await order(call, buyer, { adId: ad.id, quantity: '10' })
    await call.post('c2c/order/paid', { id: o2.id }, buyer.token)
    await call.post('dev/c2c/clock', { offsetMs: 10_000 * MIN })
    await call.post('dev/c2c/run')
    expect((await call.get<C2cOrder>(`c2c/order/${o2.id}`, {}, buyer.token)).data.status).toBe('paid')
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '0', frozen: '0' })
    await expectSound(h.db)
  })

  it('three buyer cancellations in a day stop new orders until the next day', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, {})
    for (let i = 0; i < 3; i++) {
      const o = await order(call, buyer, { adId: ad.id, amount: '70' })
      expect((await call.post<C2cOrder>('c2c/order/cancel', { id: o.id }, buyer.token)).data.status).toBe(
        'cancelled',
      )
    }
    const r = await call.post('c2c/order/create', { adId: ad.id, amount: '70' }, buyer.token)
    expect(r.code).toBe(2412)
    await call.post('dev/c2c/clock', { offsetMs: 24 * 60 * MIN })
    const next = await order(call, buyer, { adId: ad.id, amount: '70' })
    await call.post('c2c/order/cancel', { id: next.id }, buyer.token)
    expect(await funding(h.db, seller.userId)).toEqual({ available: '0', frozen: '100' })
    // The limit is the buyer's: a seller may still take a buy ad of theirs.
    for (let i = 0; i < 2; i++) {
      const o = await order(call, buyer, { adId: ad.id, amount: '70' })
      await call.post('c2c/order/cancel', { id: o.id }, buyer.token)
    }
    const buyAd = await publish(call, buyer, { side: 'buy' })
    const taker = await trader(h, call, { usdt: '20' })
    const sold = await order(call, taker, { adId: buyAd.id, amount: '70' })
    expect(sold).toMatchObject({ status: 'unpaid', role: 'seller' })
    await expectSound(h.db)
  })

  it('example ads of a fresh install cannot be traded; quick trade skips them', async () => {
    const { call, h } = s
    const buyer = await trader(h, call)
    const ads = await call.get<C2cAd[]>('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'TWD' })
    const demo = ads.data.find((a) => a.advertiser.demo)
    expect(demo).toBeDefined()
    const r = await call.post('c2c/order/create', { adId: demo?.id, amount: '1000' }, buyer.token)
    expect(r.code).toBe(2418)
    expect(
      await s.h.db.selectFrom('c2c_order').select('id').where('buyer_id', '=', buyer.userId).execute(),
    ).toEqual([])
    const q = await call.post(
      'c2c/quick',
      { side: 'buy', coin: 'USDT', fiat: 'TWD', amount: '1000' },
      buyer.token,
    )
    expect(q.code, JSON.stringify(q.data)).toBe(2413)
    await expectSound(h.db)
  })

  it('borrowed coins stay in the funding account: no sell ad or buy-ad order over the loan lock', async () => {
    const { call, h, op } = s
    const borrower = await trader(h, call, { usdt: '50' })
    const p = await product(call, 'USDT', 30)
    await applyAndApprove(call, borrower.token, op.token, { productId: p.id, amount: '1000' })
    expect(await funding(h.db, borrower.userId)).toEqual({ available: '1050', frozen: '0' })
    // They owe 1010 (1000 and a month of interest): only 40 USDT of the 1050 may be offered.
    const over = await call.post(
      'c2c/ad/save',
      {
        side: 'sell',
        coin: 'USDT',
        fiat: 'CNY',
        price: '7',
        total: '100',
        minAmount: '70',
        maxAmount: '700',
        payKinds: ['bank'],
      },
      borrower.token,
    )
    expect(over.code).toBe(2206)
    const own = await publish(call, borrower, { total: '40', minAmount: '70', maxAmount: '280' })
    expect(await funding(h.db, borrower.userId)).toEqual({ available: '1010', frozen: '40' })
    await call.post('c2c/ad/off', { id: own.id }, borrower.token)
    // Selling into someone's buy ad freezes at order creation: the same lock.
    const maker = await trader(h, call)
    const buyAd = await publish(call, maker, { side: 'buy', total: '500', maxAmount: '3500' })
    expect(
      (await call.post('c2c/order/create', { adId: buyAd.id, amount: '700' }, borrower.token)).code,
    ).toBe(2206)
    expect(await funding(h.db, borrower.userId)).toEqual({ available: '1050', frozen: '0' })
    await expectSound(h.db)
  })

  it('two buyers racing for the last quantity: one order, nothing oversold', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '10' })
    const a = await trader(h, call)
    const b = await trader(h, call)
    const ad = await publish(call, seller, { total: '10', minAmount: '7', maxAmount: '70' })
    const res = await Promise.all(
      [a, b].map((t) => call.post<C2cOrder>('c2c/order/create', { adId: ad.id, quantity: '10' }, t.token)),
    )
    expect(res.map((r) => r.code).sort()).toEqual([200, 2408])
    const mine = await call.get<C2cAd[]>('c2c/my-ads', {}, seller.token)
    expect(mine.data[0]).toMatchObject({ remaining: '0', inTrade: true })
    // Hidden from the list while nothing is left.
    const list = await call.get<C2cAd[]>('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'CNY' })
    expect(list.data.some((x) => x.id === ad.id)).toBe(false)
    const won = res.find((r) => r.code === 200)?.data as C2cOrder
    const winner = res[0]?.code === 200 ? a : b
    await call.post('c2c/order/paid', { id: won.id }, winner.token)
    await call.post('c2c/order/release', { id: won.id }, seller.token)
    expect((await call.get<C2cAd[]>('c2c/my-ads', {}, seller.token)).data[0]?.status).toBe('completed')
    expect(await funding(h.db, winner.userId)).toEqual({ available: '10', frozen: '0' })
    await expectSound(h.db)
  })

  it('a buy ad: the taker sells, escrow frozen at order creation, released on confirmation', async () => {
    const { call, h } = s
    const maker = await trader(h, call, { bank: false })
    const taker = await trader(h, call, { usdt: '50' })
    const ad = await publish(call, maker, { side: 'buy', total: '200', minAmount: '7', maxAmount: '1400' })
    expect(await funding(h.db, maker.userId)).toEqual({ available: '0', frozen: '0' })
    const noMethod = await trader(h, call, { bank: false, usdt: '50' })
    expect((await call.post('c2c/order/create', { adId: ad.id, quantity: '10' }, noMethod.token)).code).toBe(
      2403,
    )
    expect((await call.post('c2c/order/create', { adId: ad.id, quantity: '60' }, taker.token)).code).toBe(
      1200,
    )
    const o = await order(call, taker, { adId: ad.id, quantity: '40' })
    expect(o).toMatchObject({ role: 'seller', amount: '280' })
    expect(await funding(h.db, taker.userId)).toEqual({ available: '10', frozen: '40' })
    await call.post('c2c/order/paid', { id: o.id }, maker.token)
    await call.post('c2c/order/release', { id: o.id }, taker.token)
    expect(await funding(h.db, maker.userId)).toEqual({ available: '40', frozen: '0' })
    expect(await funding(h.db, taker.userId)).toEqual({ available: '10', frozen: '0' })
    await expectSound(h.db)
  })

  it('appeals: content required, escrow stays frozen, operator decides for the buyer or the seller', async () => {
    const { call, h, op } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, {})
    const o1 = await order(call, buyer, { adId: ad.id, quantity: '10' })
    expect((await call.post('c2c/order/appeal', { id: o1.id, content: 'not yet' }, buyer.token)).code).toBe(
      2411,
    )
    await call.post('c2c/order/paid', { id: o1.id }, buyer.token)
    expect((await call.post('c2c/order/appeal', { id: o1.id, content: '  ' }, buyer.token)).code).toBe(1101)
    const ev = await uploadImage(h, buyer.token)
    const ap = await call.post<C2cOrder>(
      'c2c/order/appeal',
      { id: o1.id, content: 'Paid, not released', evidence: [ev] },
      buyer.token,
    )
    expect(ap.data).toMatchObject({ status: 'appeal', appeal: { openedBy: 'buyer', status: 'open' } })
    // Under appeal nobody but the operator moves the escrow.
    expect((await call.post('c2c/order/release', { id: o1.id }, seller.token)).code).toBe(2411)
    // Users cannot reach the console.
    expect(
      (await call.post('admin/c2c/decide', { id: o1.id, outcome: 'buyer', reason: 'x' }, buyer.token)).code,
    ).toBe(1006)
    const queue = await call.get<C2cOrder[]>('admin/c2c/appeals', {}, op.token)
    expect(queue.data.map((x) => x.id)).toContain(o1.id)
    const detail = await call.get<{ messages: C2cMessage[] }>(`admin/c2c/order/${o1.id}`, {}, op.token)
    expect(detail.data.messages.at(-1)?.body).toBe('appeal')
    const pic = await h.app.inject({
      url: `/api/c2c/order/${o1.id}/image/${ev}`,
      headers: { authorization: `Bearer ${seller.token}` },
    })
    expect(pic.headers['content-type']).toBe('image/jpeg')
    expect(
      (await call.post('admin/c2c/decide', { id: o1.id, outcome: 'buyer', reason: '' }, op.token)).code,
    ).toBe(1101)
    const d1 = await call.post<C2cOrder>(
      'admin/c2c/decide',
      { id: o1.id, outcome: 'buyer', reason: 'Bank record shows payment' },
      op.token,
    )
    expect(d1.data).toMatchObject({ status: 'completed', appeal: { outcome: 'buyer', status: 'decided' } })
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '10', frozen: '0' })
    expect(
      (await call.post('admin/c2c/decide', { id: o1.id, outcome: 'seller', reason: 'again' }, op.token)).code,
    ).toBe(2411)

    // The seller's "not received" opens an appeal; the seller wins: the escrow is unfrozen back.
    const o2 = await order(call, buyer, { adId: ad.id, quantity: '20' })
    await call.post('c2c/order/paid', { id: o2.id }, buyer.token)
    const nr = await call.post<C2cOrder>(
      'c2c/order/appeal',
      { id: o2.id, content: 'Nothing arrived' },
      seller.token,
    )
    expect(nr.data.appeal?.openedBy).toBe('seller')
    const d2 = await call.post<C2cOrder>(
      'admin/c2c/decide',
      { id: o2.id, outcome: 'seller', reason: 'No payment found' },
      op.token,
    )
    expect(d2.data).toMatchObject({ status: 'closed', settledToBuyer: '0' })
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '10', frozen: '0' })
    expect(await funding(h.db, seller.userId)).toEqual({ available: '20', frozen: '70' })
    const audit = await h.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'c2c_order')
      .execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['c2c.appeal_buyer', 'c2c.appeal_seller'])
    await expectSound(h.db)
  })

  it('settlement suggestions: both accept -> split; one refuses -> back to the operator', async () => {
    const { call, h, op } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, {})
    const o = await order(call, buyer, { adId: ad.id, quantity: '30' })
    await call.post('c2c/order/paid', { id: o.id }, buyer.token)
    await call.post('c2c/order/appeal', { id: o.id, content: 'Paid only part' }, seller.token)
    expect(
      (await call.post('admin/c2c/suggest', { id: o.id, toBuyer: '31', reason: 'x' }, op.token)).code,
    ).toBe(2417)
    const sg = await call.post<C2cOrder>(
      'admin/c2c/suggest',
      { id: o.id, toBuyer: '12', reason: 'Half paid' },
      op.token,
    )
    expect(sg.data.appeal).toMatchObject({
      status: 'suggested',
      suggestion: { toBuyer: '12', buyer: null, seller: null },
    })
    // Refused by the buyer: open again, nothing moved.
    const rf = await call.post<C2cOrder>('c2c/order/settlement', { id: o.id, accept: false }, buyer.token)
    expect(rf.data).toMatchObject({ status: 'appeal', appeal: { status: 'open' } })
    expect((await call.post('c2c/order/settlement', { id: o.id, accept: true }, seller.token)).code).toBe(
      2411,
    )
    expect(await funding(h.db, seller.userId)).toEqual({ available: '0', frozen: '100' })
    // A new suggestion, accepted by both.
    await call.post('admin/c2c/suggest', { id: o.id, toBuyer: '12', reason: 'Paid 84 of 210' }, op.token)
    const a1 = await call.post<C2cOrder>('c2c/order/settlement', { id: o.id, accept: true }, seller.token)
    expect(a1.data.status).toBe('appeal')
    const a2 = await call.post<C2cOrder>('c2c/order/settlement', { id: o.id, accept: true }, buyer.token)
    expect(a2.data).toMatchObject({
      status: 'completed',
      settledToBuyer: '12',
      appeal: { outcome: 'settled' },
    })
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '12', frozen: '0' })
    expect(await funding(h.db, seller.userId)).toEqual({ available: '18', frozen: '70' })
    await expectSound(h.db)
  })

  it('quick buy and sell pick the best ad that fits; merchants are set by operators', async () => {
    const { call, h, op } = s
    const m1 = await trader(h, call, { usdt: '1000' })
    const m2 = await trader(h, call, { usdt: '1000' })
    const buyer = await trader(h, call)
    await publish(call, m1, { fiat: 'HKD', price: '7.9', total: '500', minAmount: '10', maxAmount: '3000' })
    const cheap = await publish(call, m2, {
      fiat: 'HKD',
      price: '7.8',
      total: '500',
      minAmount: '10',
      maxAmount: '3000',
    })
    const q = await call.post<C2cOrder>(
      'c2c/quick',
      { side: 'buy', coin: 'USDT', fiat: 'HKD', amount: '78' },
      buyer.token,
    )
    expect(q.code, q.msg).toBe(200)
    expect(q.data).toMatchObject({ adId: cheap.id, quantity: '10', price: '7.8' })
    expect(
      (await call.post('c2c/quick', { side: 'buy', coin: 'USDT', fiat: 'HKD', amount: '99999' }, buyer.token))
        .code,
    ).toBe(2413)
    expect(
      (await call.post('c2c/quick', { side: 'buy', coin: 'USDT', fiat: 'HKD', amount: '0' }, buyer.token))
        .code,
    ).toBe(1101)
    await call.post('c2c/order/cancel', { id: q.data.id }, buyer.token)
    // Merchants: operator marks, badge shows, filter works, audited.
    const uid = (
      await h.db.selectFrom('users').select('uid').where('id', '=', m1.userId).executeTakeFirstOrThrow()
    ).uid
    expect((await call.post('admin/c2c/merchant', { uid, merchant: true }, buyer.token)).code).toBe(1006)
    expect((await call.post('admin/c2c/merchant', { uid, merchant: true }, op.token)).code).toBe(200)
    const list = await call.get<C2cAd[]>('c2c/ads', {
      side: 'sell',
      coin: 'USDT',
      fiat: 'HKD',
      merchant: '1',
    })
    expect(list.data.map((a) => a.advertiser.handle)).toEqual([maskId(m1.userId)])
    await expectSound(h.db)
  })
})
