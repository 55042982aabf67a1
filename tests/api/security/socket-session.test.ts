import type { SpotOrder } from '@common/spot/schema'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spotService } from '../../../server/modules/spot/service'
import { forgetSessions } from '../../../server/platform/identity/sessions'
import { api, PASSWORD, registerEmail } from '../accounts/helpers'
import { login, readyStaff, type Staff } from '../admin/helpers'
import { backends } from '../harness'
import { type Msg as ChannelMsg, type RealtimeHarness, startRealtime } from '../socket-helpers'
import { fund, spotApi } from '../spot/helpers'

type Msg = ChannelMsg<{ order?: SpotOrder }>

/**
 * Issue 13, case 2: a socket joined to the private `user` channel must stop receiving the user's
 * messages the moment its session ends (logout, revoke, password change, freeze), with a real
 * socket.io client on a real port.
 */
describe.each(backends)('sockets end with their session on %s', (backend) => {
  let h: RealtimeHarness
  let op: Staff
  beforeAll(async () => {
    h = await startRealtime(backend)
    op = await readyStaff(h.app, h.db, 'operator')
  })
  afterAll(() => h.close())

  async function open(token: string): Promise<{ socket: Socket; got: Msg[] }> {
    const socket = h.open({ token })
    const got: Msg[] = []
    socket.on('msg', (m: Msg) => {
      if (m.ch === 'user' && m.data.order) got.push(m)
    })
    const ack = (await socket.emitWithAck('sub', 'user')) as { ok: boolean }
    expect(ack.ok).toBe(true)
    return { socket, got }
  }

  /** Places an order as `token` and waits until `witness` sees its update (or 3 s pass). */
  async function placeAndWait(token: string, witness: { got: Msg[] }) {
    const before = witness.got.length
    const placed = await spotApi(h).place(token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '10000',
      amount: '0.001',
    })
    expect(placed.code, placed.msg).toBe(200)
    for (let i = 0; i < 60 && witness.got.length === before; i++) await new Promise((r) => setTimeout(r, 50))
    expect(witness.got.length).toBeGreaterThan(before)
    // Give any socket that should not get it a moment more to show it did.
    await new Promise((r) => setTimeout(r, 150))
  }

  async function user() {
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '1000')
    return u
  }

  it('logout: the socket of that session gets nothing more; another session of the user still does', async () => {
    const u = await user()
    const other = await login(h.app, u.email, PASSWORD)
    const a = await open(u.token)
    const b = await open(other)
    await placeAndWait(other, a)
    expect(b.got).toHaveLength(1)
    expect((await api(h.app).post('user/logout', {}, u.token)).code).toBe(200)
    const seen = a.got.length
    await placeAndWait(other, b)
    expect(a.got).toHaveLength(seen)
    // Nor can it join the channel again with the ended session.
    const again = (await a.socket.emitWithAck('sub', 'user')) as { ok: boolean; code: number }
    expect(again).toMatchObject({ ok: false, code: 1003 })
  })

  it('revoke from another device: that socket is cut off at once', async () => {
    const u = await user()
    const other = await login(h.app, u.email, PASSWORD)
    const victim = await open(other)
    const keeper = await open(u.token)
    const sessions = await api(h.app).get<{ id: string; current: boolean }[]>('user/sessions', {}, other)
    const otherId = sessions.data.find((s) => s.current)?.id
    expect((await api(h.app).post('user/sessions/revoke', { id: otherId }, u.token)).code).toBe(200)
    await placeAndWait(u.token, keeper)
    expect(victim.got).toHaveLength(0)
  })

  it('password change: every socket of the user is cut off', async () => {
    const u = await user()
    const a = await open(u.token)
    const next = 'N3wPassw0rd!y'
    const changed = await api(h.app).post(
      'safe/updatePassword',
      { oldPassword: PASSWORD, password: next, confirmPassword: next },
      u.token,
    )
    expect(changed.code).toBe(200)
    const fresh = await login(h.app, u.email, next)
    const b = await open(fresh)
    await placeAndWait(fresh, b)
    expect(a.got).toHaveLength(0)
  })

  it('freeze: the private channel closes at once; after unfreeze it comes back', async () => {
    const u = await user()
    const a = await open(u.token)
    await placeAndWait(u.token, a)
    const last = a.got[a.got.length - 1]?.data.order as SpotOrder
    const seen = a.got.length
    const call = api(h.app)
    expect(
      (await call.post('admin/users/freeze', { userId: u.userId, reason: 'Review' }, op.token)).code,
    ).toBe(200)
    // Whatever still happens to the frozen user's orders is not streamed to the socket.
    spotService(h.db).emit('order', u.userId, last)
    await new Promise((r) => setTimeout(r, 300))
    expect(a.got).toHaveLength(seen)
    expect(await a.socket.emitWithAck('sub', 'user')).toMatchObject({ ok: false, code: 1007 })
    expect(
      (await call.post('admin/users/unfreeze', { userId: u.userId, reason: 'Cleared' }, op.token)).code,
    ).toBe(200)
    // The session lived through the freeze: the socket gets its channel back without a new handshake.
    await placeAndWait(u.token, a)
  })

  it('an account change that leaves the session valid: the socket is checked again and stays', async () => {
    const u = await user()
    const a = await open(u.token)
    forgetSessions({ userId: u.userId })
    await new Promise((r) => setTimeout(r, 200))
    await placeAndWait(u.token, a)
  })
})
