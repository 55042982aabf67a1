import type { PushPayload } from '@common/push/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PushJobs } from '../../../server/modules/push/jobs'
import { pushService } from '../../../server/platform/notify/push-service'
import { api, type Registered, registerEmail } from '../accounts/helpers'
import { readyStaff, type Staff } from '../admin/helpers'
import { backends } from '../harness'
import {
  type DeviceKeys,
  decryptPush,
  deviceKeys,
  type PushHarness,
  startPushEndpoint,
  startPushHarness,
} from './helpers'

describe.each(backends)('notice pushes on %s', (backend) => {
  let h: PushHarness
  let jobs: PushJobs
  let ep: Awaited<ReturnType<typeof startPushEndpoint>>
  let call: ReturnType<typeof api>
  let op: Staff
  const devices = new Map<string, DeviceKeys>()

  async function subscribe(user: Registered, path: string, lang?: string): Promise<void> {
    const keys = deviceKeys()
    devices.set(path, keys)
    const r = await call.post(
      'push/subscribe',
      { endpoint: `${ep.origin}${path}`, keys: keys.json, ...(lang ? { lang } : {}) },
      user.token,
    )
    expect(r.code, r.msg).toBe(200)
  }

  const received = (path: string) =>
    ep.received
      .filter((r) => r.path === path)
      .map((r) => {
        const json = decryptPush(r.body, devices.get(path) as DeviceKeys)
        return { json, ttl: Number(r.headers.ttl), payload: JSON.parse(json) as PushPayload }
      })

  async function save(texts: Record<string, { title: string; body: string }>, extra = {}): Promise<string> {
    const r = await call.post<{ id: string }>(
      'admin/content/save',
      { type: 'notice', texts, ...extra },
      op.token,
    )
    expect(r.code, r.msg).toBe(200)
    return r.data.id
  }

  const publish = async (id: string) => {
    const r = await call.post('admin/content/publish', { id }, op.token)
    expect(r.code, r.msg).toBe(200)
  }

  let alice: Registered
  let bob: Registered
  let carol: Registered

  beforeAll(async () => {
    h = await startPushHarness(backend)
    jobs = new PushJobs(h.db, h.market, null).start()
    ep = await startPushEndpoint()
    call = api(h.app)
    op = await readyStaff(h.app, h.db, 'operator')
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
    carol = await registerEmail(h.app, h.db)
    await subscribe(alice, '/dev/alice-jp', 'jp')
    await subscribe(alice, '/dev/alice-tw', 'tw')
    await subscribe(bob, '/dev/bob', 'en')
    await subscribe(carol, '/dev/carol-de', 'de')
    await subscribe(carol, '/gone/carol-old', 'en')
    const off = await call.post('push/prefs', { notice: false }, bob.token)
    expect(off.code).toBe(200)
  })
  afterAll(async () => {
    await jobs.stop()
    await ep.close()
    await h.close()
  })

  it("a first publish pushes the notice to every device whose owner has notices on, in the device's language", async () => {
    const id = await save({
      en: { title: 'Maintenance on Sunday', body: '**Trading pauses** from 02:00 to 04:00 UTC.' },
      jp: { title: '日曜日のメンテナンス', body: '取引は 02:00 から 04:00 UTC まで停止します。' },
      tw: { title: '週日系統維護', body: '交易將於 02:00 至 04:00 UTC 暫停。' },
    })
    // A draft is not pushed.
    await pushService(h.db).idle()
    expect(ep.received).toHaveLength(0)

    await publish(id)
    await jobs.idle()

    const route = `/#/pages/article/detail?id=${id}`
    const jp = received('/dev/alice-jp')
    expect(jp).toHaveLength(1)
    expect(jp[0]?.payload).toMatchObject({
      title: '日曜日のメンテナンス',
      body: '取引は 02:00 から 04:00 UTC まで停止します。',
      tag: `notice-${id}`,
      url: route,
    })
    expect(jp[0]?.ttl).toBeGreaterThan(0)
    expect(Buffer.byteLength(jp[0]?.json ?? '')).toBeLessThan(3000)
    expect(received('/dev/alice-tw')[0]?.payload).toMatchObject({ title: '週日系統維護', url: route })
    // No German text: English, as the notice page itself falls back; Markdown reads as plain text.
    expect(received('/dev/carol-de')[0]?.payload).toMatchObject({
      title: 'Maintenance on Sunday',
      body: 'Trading pauses from 02:00 to 04:00 UTC.',
      url: route,
    })
    // Notices off: nothing.
    expect(received('/dev/bob')).toHaveLength(0)
    // A device whose push service says it is gone is forgotten.
    expect(ep.received.filter((r) => r.path === '/gone/carol-old')).toHaveLength(1)
    const left = await h.db
      .selectFrom('push_subscription')
      .select('endpoint')
      .where('user_id', '=', carol.userId)
      .execute()
    expect(left.map((x) => x.endpoint)).toEqual([`${ep.origin}/dev/carol-de`])
    // The notice is in the notifications list once (as the notice), not doubled by a personal row.
    const list = await call.get<{ list: { kind: string; articleId: string | null }[] }>(
      'user/myNotifiables',
      { size: '50' },
      alice.token,
    )
    expect(list.data.list.filter((n) => n.articleId === id)).toHaveLength(1)
    expect(list.data.list.filter((n) => n.kind === 'personal')).toHaveLength(0)

    // Unpublish, edit and publish again: no second push.
    const before = ep.received.length
    expect((await call.post('admin/content/unpublish', { id }, op.token)).code).toBe(200)
    await save(
      {
        en: { title: 'Maintenance on Sunday (updated)', body: 'Now 02:00 to 05:00 UTC.' },
        jp: { title: '日曜日のメンテナンス（更新）', body: '02:00 から 05:00 UTC まで。' },
      },
      { id },
    )
    await publish(id)
    await publish(id)
    await jobs.idle()
    await jobs.pushDueNotices()
    expect(ep.received).toHaveLength(before)
  })

  it('the publish request answers without waiting for the push services', async () => {
    const dave = await registerEmail(h.app, h.db)
    await subscribe(dave, '/hold/dave', 'en')
    const id = await save({ en: { title: 'Slow push service', body: '' } })
    await publish(id)
    // Answered while dave's push service has not answered yet.
    let done = false
    const idle = pushService(h.db)
      .idle()
      .then(() => {
        done = true
      })
    await expect.poll(() => ep.received.some((r) => r.path === '/hold/dave')).toBe(true)
    expect(done).toBe(false)
    ep.release()
    await idle
    // An empty body reads as an invitation to open it, in the device's language.
    expect(received('/hold/dave')[0]?.payload).toMatchObject({
      title: 'Slow push service',
      body: 'Tap to read the full notice.',
    })
    await call.post('push/unsubscribe', { endpoint: `${ep.origin}/hold/dave` }, dave.token)
  })

  it('news is not pushed; a notice scheduled for later is pushed when its time comes', async () => {
    const before = ep.received.length
    const news = await call.post<{ id: string }>(
      'admin/content/save',
      { type: 'news', texts: { en: { title: 'News', body: 'Not pushed' } } },
      op.token,
    )
    await publish(news.data.id)
    const later = await save(
      { en: { title: 'Scheduled notice', body: 'Later' } },
      { publishAt: Date.now() + 3_600_000 },
    )
    await publish(later)
    await jobs.idle()
    await jobs.pushDueNotices()
    expect(ep.received).toHaveLength(before)

    await h.db
      .updateTable('article')
      .set({ publish_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', later)
      .execute()
    await jobs.pushDueNotices()
    await jobs.pushDueNotices()
    expect(received('/dev/carol-de').map((m) => m.payload.title)).toContain('Scheduled notice')
    expect(ep.received.length - before).toBe(3)
    expect(received('/dev/bob')).toHaveLength(0)
  })
})
