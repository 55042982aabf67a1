import type { C2cMessage, C2cUserEvent } from '@common/c2c/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../accounts/helpers'
import { backends } from '../harness'
import { type Msg, nextMsg, type RealtimeHarness, startRealtime, sub } from '../socket-helpers'
import { order, publish, trader } from './helpers'

type Ev = Msg<{ c2c?: C2cUserEvent }>

describe.each(backends)('c2c on the user channel on %s', (backend) => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtime(backend)
  })
  afterAll(async () => {
    await h.close()
  })

  it('delivers chat messages and state changes to both parties, and to nobody else', async () => {
    const call = api(h.app)
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const stranger = await trader(h, call)
    const ad = await publish(call, seller, {})
    const o = await order(call, buyer, { adId: ad.id, amount: '70' })
    const [sb, ss, sx] = [buyer, seller, stranger].map((t) => h.open({ token: t.token }))
    for (const s of [sb, ss, sx]) expect((await sub(s as never, 'user')).ok).toBe(true)
    let strangerGot = 0
    sx?.on('msg', (m: Ev) => {
      if (m.data.c2c) strangerGot++
    })
    const isMsg = (m: Msg) => Boolean((m as Ev).data.c2c?.message)
    const toSeller = nextMsg(ss as never, 'user', isMsg)
    const toBuyer = nextMsg(sb as never, 'user', isMsg)
    const sent = await call.post<C2cMessage>(
      'c2c/order/message',
      { id: o.id, body: 'Paying now' },
      buyer.token,
    )
    expect(sent.code).toBe(200)
    const got = (await toSeller) as Ev
    expect(got.data.c2c).toMatchObject({
      orderId: o.id,
      status: 'unpaid',
      message: { body: 'Paying now', from: 'buyer' },
    })
    expect(((await toBuyer) as Ev).data.c2c?.message?.id).toBe(sent.data.id)
    const paid = nextMsg(ss as never, 'user', (m) => (m as Ev).data.c2c?.status === 'paid')
    await call.post('c2c/order/paid', { id: o.id }, buyer.token)
    expect(((await paid) as Ev).data.c2c?.orderId).toBe(o.id)
    // A stranger's private channel carries nothing of it.
    await new Promise((r) => setTimeout(r, 200))
    expect(strangerGot).toBe(0)
    await call.post('c2c/order/release', { id: o.id }, seller.token)
  })
})
