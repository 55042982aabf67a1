import type { PriceAlert, PushPayload, PushPrefs } from '@common/push/schema'
import type { SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { PushJobs } from '../../../server/modules/push/jobs'
import { spotService } from '../../../server/modules/spot/service'
import { api, type Registered, registerEmail } from '../accounts/helpers'
import { backends } from '../harness'
import { fund } from '../spot/helpers'
import {
  type DeviceKeys,
  decryptPush,
  deviceKeys,
  type PushHarness,
  startPushEndpoint,
  startPushHarness,
  verifyVapid,
} from './helpers'

describe.each(backends)('push and price alerts on %s', (backend) => {
  let h: PushHarness
  let jobs: PushJobs
  let ep: Awaited<ReturnType<typeof startPushEndpoint>>
  let call: ReturnType<typeof api>
  let alice: Registered
  let bob: Registered
  let aliceKeys: DeviceKeys
  let publicKey: string

  beforeAll(async () => {
    h = await startPushHarness(backend)
    jobs = new PushJobs(h.db, h.market, spotService(h.db)).start()
    ep = await startPushEndpoint()
    call = api(h.app)
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
    aliceKeys = deviceKeys()
    h.tick('BTCUSDT', '60000')
    h.tick('ETHUSDT', '3000')
  })
  afterAll(async () => {
    await jobs.stop()
    await ep.close()
    await h.close()
  })

  const messagesTo = (path: string) => ep.received.filter((r) => r.path === path)
  const notifications = async (token: string, lang = 'en') =>
    (
      await call.call<{ list: { title: string; summary: string }[] }>(
        'GET',
        'user/myNotifiables',
        { size: '50' },
        token,
        { lang },
      )
    ).data.list.filter((n) => n.title !== null && !n.title.startsWith('Welcome'))

  it('serves one VAPID public key, generated once and kept', async () => {
    const a = await call.get<{ publicKey: string }>('push/vapidPublicKey')
    expect(a.code).toBe(200)
    expect(Buffer.from(a.data.publicKey, 'base64url')).toHaveLength(65)
    publicKey = a.data.publicKey
    const row = await h.db
      .selectFrom('setting')
      .select('value')
      .where('key', '=', 'push.vapid')
      .executeTakeFirst()
    expect((row?.value as { publicKey: string } | undefined)?.publicKey).toBe(publicKey)
  })

  it('validates subscriptions and needs a session', async () => {
    const good = { endpoint: `${ep.origin}/dev/alice`, keys: aliceKeys.json, lang: 'en' }
    expect((await call.post('push/subscribe', good)).code).toBe(1003)
    const badUrl = await call.post(
      'push/subscribe',
      { ...good, endpoint: 'http://example.com/x' },
      alice.token,
    )
    expect(badUrl.code).toBe(1101)
    const badKey = await call.post(
      'push/subscribe',
      { ...good, keys: { p256dh: 'not a key', auth: aliceKeys.json.auth } },
      alice.token,
    )
    expect(badKey.code).toBe(1101)
    const badLang = await call.post('push/subscribe', { ...good, lang: 'ko' }, alice.token)
    expect(badLang).toMatchObject({ code: 1101, data: { field: 'lang' } })
    expect(await h.db.selectFrom('push_subscription').selectAll().execute()).toHaveLength(0)
    expect((await call.post('push/subscribe', good, alice.token)).code).toBe(200)
    // The same device again: still one row.
    expect((await call.post('push/subscribe', good, alice.token)).code).toBe(200)
    expect((await call.get<{ count: number }>('push/devices', {}, alice.token)).data.count).toBe(1)
  })

  it('a price alert fires exactly once, writes a notification and pushes an encrypted payload', async () => {
    const created = await call.post<{ id: string; basePrice: string }>(
      'push/alerts/create',
      { symbol: 'BTCUSDT', kind: 'above', value: '61000' },
      alice.token,
    )
    expect(created.code, created.msg).toBe(200)
    expect(created.data.basePrice).toBe('60000')
    await jobs.idle()

    h.tick('BTCUSDT', '60900')
    await jobs.idle()
    expect(messagesTo('/dev/alice')).toHaveLength(0)

    h.tick('BTCUSDT', '61050')
    h.tick('BTCUSDT', '61100')
    await jobs.idle()
    h.tick('BTCUSDT', '61200')
    await jobs.idle()

    const msgs = messagesTo('/dev/alice')
    expect(msgs).toHaveLength(1)
    const m = msgs[0] as (typeof msgs)[number]
    expect(m.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(m.headers.ttl)).toBeGreaterThan(0)
    expect(verifyVapid(m.headers.authorization, publicKey, ep.origin)).toBe(true)
    const json = decryptPush(m.body, aliceKeys)
    expect(Buffer.byteLength(json)).toBeLessThan(3000)
    const payload = JSON.parse(json) as PushPayload
    expect(payload).toMatchObject({
      title: 'BTCUSDT price alert',
      tag: `alert-${created.data.id}`,
      url: '/#/pages/market/quote?symbol=BTCUSDT',
    })
    expect(payload.body).toContain('61,050')
    expect(payload.icon).toMatch(/^\/icons\//)

    const list = await call.get<PriceAlert[]>('push/alerts', {}, alice.token)
    expect(list.data).toHaveLength(1)
    expect(list.data[0]).toMatchObject({ status: 'fired', firedPrice: '61050', kind: 'above' })
    const notes = await notifications(alice.token)
    expect(notes.filter((n) => n.title === 'BTCUSDT price alert')).toHaveLength(1)
  })

  it("pushes in the device's language: the request's lang header when the body names none", async () => {
    const carol = await registerEmail(h.app, h.db)
    const carolKeys = deviceKeys()
    const sub = await call.call(
      'POST',
      'push/subscribe',
      { endpoint: `${ep.origin}/dev/carol`, keys: carolKeys.json },
      carol.token,
      { lang: 'kor' },
    )
    expect(sub.code).toBe(200)
    h.tick('BTCUSDT', '60000')
    const c = await call.post<{ id: string }>(
      'push/alerts/create',
      { symbol: 'BTCUSDT', kind: 'below', value: '59000' },
      carol.token,
    )
    expect(c.code, c.msg).toBe(200)
    await jobs.idle()
    h.tick('BTCUSDT', '58990.5')
    await jobs.idle()
    const msgs = messagesTo('/dev/carol')
    expect(msgs).toHaveLength(1)
    const p = JSON.parse(decryptPush((msgs[0] as (typeof msgs)[number]).body, carolKeys)) as PushPayload
    expect(p.title).toBe('BTCUSDT 가격 알림')
    expect(p.body).toBe('BTCUSDT 가격이 59,000까지 내렸습니다: 현재 58,990.50')
    // The inbox reads in the language the reader uses now, whatever the device subscribed with.
    expect((await notifications(carol.token, 'kor')).map((n) => n.title)).toContain('BTCUSDT 가격 알림')
    const de = await notifications(carol.token, 'de')
    expect(de.map((n) => n.title)).toContain('Preisalarm BTCUSDT')
    expect(de.map((n) => n.summary)).toContain('BTCUSDT ist auf 59.000 gefallen: jetzt 58.990,50')
    h.tick('BTCUSDT', '60000')
  })

  it('a % move alert fires from the price when it was created, either way', async () => {
    h.tick('ETHUSDT', '3000')
    const c = await call.post<{ id: string }>(
      'push/alerts/create',
      { symbol: 'ETHUSDT', kind: 'move', value: '5' },
      alice.token,
    )
    expect(c.code, c.msg).toBe(200)
    await jobs.idle()
    h.tick('ETHUSDT', '3140')
    h.tick('ETHUSDT', '2860')
    await jobs.idle()
    const before = messagesTo('/dev/alice').length
    h.tick('ETHUSDT', '2850')
    await jobs.idle()
    expect(messagesTo('/dev/alice')).toHaveLength(before + 1)
    const list = await call.get<PriceAlert[]>('push/alerts', {}, alice.token)
    expect(list.data.find((a) => a.id === c.data.id)).toMatchObject({ status: 'fired', firedPrice: '2850' })
  })

  it("lists and deletes alerts; another user's alert is untouchable", async () => {
    const c = await call.post<{ id: string }>(
      'push/alerts/create',
      { symbol: 'BTCUSDT', kind: 'below', value: '50000' },
      alice.token,
    )
    expect(c.code).toBe(200)
    expect((await call.get<PriceAlert[]>('push/alerts', {}, bob.token)).data).toHaveLength(0)
    const steal = await call.post('push/alerts/delete', { id: c.data.id }, bob.token)
    expect(steal.code).toBe(1004)
    expect((await call.get<PriceAlert[]>('push/alerts', {}, alice.token)).data.map((a) => a.id)).toContain(
      c.data.id,
    )
    expect((await call.post('push/alerts/delete', { id: c.data.id }, alice.token)).code).toBe(200)
    expect(
      (await call.get<PriceAlert[]>('push/alerts', {}, alice.token)).data.map((a) => a.id),
    ).not.toContain(c.data.id)
    await jobs.idle()
    // Deleted: the price reaching it fires nothing.
    const before = messagesTo('/dev/alice').length
    h.tick('BTCUSDT', '49000')
    await jobs.idle()
    expect(messagesTo('/dev/alice')).toHaveLength(before)
    h.tick('BTCUSDT', '60000')
  })

  it('refuses bad alerts and unknown symbols', async () => {
    const bad = [
      { symbol: 'BTCUSDT', kind: 'move', value: '150' },
      { symbol: 'BTCUSDT', kind: 'sideways', value: '1' },
      { symbol: 'BTCUSDT', kind: 'above', value: '-5' },
      { symbol: 'BTCUSDT', kind: 'above' },
    ]
    for (const b of bad) expect((await call.post('push/alerts/create', b, alice.token)).code).toBe(1101)
    expect(
      (await call.post('push/alerts/create', { symbol: 'NOPEUSDT', kind: 'above', value: '1' }, alice.token))
        .code,
    ).toBe(1400)
    expect((await call.post('push/alerts/delete', { id: 'x' }, alice.token)).code).toBe(1101)
  })

  it('notifies filled spot orders and respects the per-type preference', async () => {
    const bobKeys = deviceKeys()
    expect(
      (
        await call.post(
          'push/subscribe',
          { endpoint: `${ep.origin}/dev/bob`, keys: bobKeys.json, lang: 'en' },
          bob.token,
        )
      ).code,
    ).toBe(200)
    await fund(h.db, bob.userId, 'BTC', '1')
    await fund(h.db, alice.userId, 'USDT', '10000')
    const off = await call.post<PushPrefs>('push/prefs', { orderFill: false }, bob.token)
    expect(off.data).toEqual({ priceAlert: true, orderFill: false, notice: true })
    expect((await call.get<PushPrefs>('push/prefs', {}, bob.token)).data.orderFill).toBe(false)

    const ask = await call.post<SpotOrder>(
      'spot/order/place',
      { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '60000', amount: '0.01' },
      bob.token,
    )
    expect(ask.code, ask.msg).toBe(200)
    const before = messagesTo('/dev/alice').length
    const buy = await call.post<SpotOrder>(
      'spot/order/place',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', amount: '0.01' },
      alice.token,
    )
    expect(buy.data.status).toBe('filled')
    await jobs.idle()

    const toAlice = messagesTo('/dev/alice').slice(before)
    expect(toAlice).toHaveLength(1)
    const p = JSON.parse(decryptPush((toAlice[0] as (typeof toAlice)[number]).body, aliceKeys)) as PushPayload
    expect(p).toMatchObject({
      title: 'BTCUSDT order filled',
      tag: `order-${buy.data.id}`,
      url: '/#/pages/assets/trade-record',
    })
    // Bob's order filled too: in his notification list, but no push (turned off).
    expect(messagesTo('/dev/bob')).toHaveLength(0)
    expect((await notifications(bob.token)).filter((n) => n.title === 'BTCUSDT order filled')).toHaveLength(1)
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('a device whose push service answers 410 is removed; unsubscribe removes only your own', async () => {
    const k = deviceKeys()
    expect(
      (await call.post('push/subscribe', { endpoint: `${ep.origin}/gone/1`, keys: k.json }, bob.token)).code,
    ).toBe(200)
    expect((await call.get<{ count: number }>('push/devices', {}, bob.token)).data.count).toBe(2)
    const r = await call.post<{ sent: number; removed: number }>('push/test', {}, bob.token)
    expect(r.data).toMatchObject({ sent: 1, removed: 1 })
    const left = await h.db
      .selectFrom('push_subscription')
      .select('endpoint')
      .where('user_id', '=', bob.userId)
      .execute()
    expect(left.map((x) => x.endpoint)).toEqual([`${ep.origin}/dev/bob`])

    await call.post('push/unsubscribe', { endpoint: `${ep.origin}/dev/bob` }, alice.token)
    expect((await call.get<{ count: number }>('push/devices', {}, bob.token)).data.count).toBe(1)
    await call.post('push/unsubscribe', { endpoint: `${ep.origin}/dev/bob` }, bob.token)
    expect((await call.get<{ count: number }>('push/devices', {}, bob.token)).data.count).toBe(0)
  })
})
