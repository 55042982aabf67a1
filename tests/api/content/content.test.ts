import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../../common/api/errors'
import { createStaff } from '../../../server/platform/staff/staff'
import { registerEmail } from '../accounts/helpers'
import { login, openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'

interface Item {
  id: string
  title: string
  lang: string | null
  pinned: boolean
  summary: string
  category: string
}
interface Page<T> {
  total: number
  list: T[]
}
interface Notifiable {
  id: string
  kind: string
  title: string
  read: boolean
  articleId: string | null
}

async function upload(app: FastifyInstance, token: string): Promise<string> {
  const boundary = '----content'
  const img = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer()
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="c.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploadImage',
    payload: Buffer.concat([Buffer.from(head), img, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  })
  const body = res.json() as { code: number; data: { id: string } }
  expect(body.code).toBe(200)
  return body.data.id
}

describe.each(backends)('content on %s', (backend) => {
  let { h, call, op } = {} as StaffSuite
  beforeAll(async () => {
    ;({ h, call, op } = await openStaffSuite(backend))
  })
  afterAll(() => h.close())

  const withLang = <T>(url: string, query: Record<string, string>, lang: string, token?: string) =>
    call.call<T>('GET', url, query, token, { lang })

  it('ships a help academy of at least 12 articles in en and tw, and a welcome notice', async () => {
    const en = await withLang<Page<Item>>('article/list', { type: 'help', size: '50' }, 'en')
    expect(en.code).toBe(200)
    expect(en.data.total).toBeGreaterThanOrEqual(12)
    expect(en.data.list.every((a) => a.lang === 'en')).toBe(true)
    const tw = await withLang<Page<Item>>('article/list', { type: 'help', size: '50' }, 'tw')
    expect(tw.data.list.every((a) => a.lang === 'tw')).toBe(true)
    const titles = en.data.list.map((a) => a.title.toLowerCase()).join('|')
    for (const topic of [
      'deposit',
      'withdraw',
      'order types',
      'liquidation',
      'option',
      'c2c',
      'two-factor',
      'phishing',
      'fees',
      'vip',
      'referral',
      'loans',
    ])
      expect(titles).toContain(topic)
    const notices = await withLang<Page<Item>>('article/list', { type: 'notice' }, 'en')
    expect(notices.data.list[0]?.title).toBe('Welcome to Open Exchange')
    expect(notices.data.list[0]?.pinned).toBe(true)
  })

  it('falls back from the reader language to en, then tw', async () => {
    // Japanese reader, English exists: English.
    const jp = await withLang<Page<Item>>('article/list', { type: 'help', size: '50' }, 'jp')
    expect(jp.data.list.every((a) => a.lang === 'en')).toBe(true)
    // An article only in tw and jp: a German reader gets tw, a Japanese reader jp.
    const saved = await call.post<{ id: string }>(
      'admin/content/save',
      {
        type: 'news',
        texts: { tw: { title: '僅中文', body: '內容' }, jp: { title: '日本語のみ', body: '本文' } },
      },
      op.token,
    )
    expect(saved.code, saved.msg).toBe(200)
    const id = saved.data.id
    // A draft is not visible.
    expect((await withLang('article/detail', { id }, 'de')).code).toBe(1004)
    expect((await call.post('admin/content/publish', { id }, op.token)).code).toBe(200)
    const de = await withLang<{ lang: string; title: string }>('article/detail', { id }, 'de')
    expect(de.data).toMatchObject({ lang: 'tw', title: '僅中文' })
    const ja = await withLang<{ lang: string; title: string }>('article/detail', { id }, 'jp')
    expect(ja.data).toMatchObject({ lang: 'jp', title: '日本語のみ' })
    // With en added, German readers get English.
    await call.post(
      'admin/content/save',
      {
        id,
        type: 'news',
        texts: {
          tw: { title: '僅中文', body: '內容' },
          jp: { title: '日本語のみ', body: '本文' },
          en: { title: 'English', body: 'Body' },
        },
      },
      op.token,
    )
    expect((await withLang<{ lang: string }>('article/detail', { id }, 'de')).data.lang).toBe('en')
  })

  it('pages, filters by category and searches', async () => {
    const p1 = await withLang<Page<Item>>('article/list', { type: 'help', size: '5', page: '1' }, 'en')
    const p2 = await withLang<Page<Item>>('article/list', { type: 'help', size: '5', page: '2' }, 'en')
    expect(p1.data.list).toHaveLength(5)
    expect(p2.data.list).toHaveLength(5)
    expect(p1.data.list.map((a) => a.id)).not.toEqual(expect.arrayContaining(p2.data.list.map((a) => a.id)))
    const sec = await withLang<Page<Item>>('article/list', { type: 'help', category: 'security' }, 'en')
    expect(sec.data.total).toBe(2)
    expect(sec.data.list.every((a) => a.category === 'security')).toBe(true)
    const found = await withLang<Page<Item>>('article/list', { type: 'help', q: 'anti-phishing' }, 'en')
    expect(found.data.list.map((a) => a.title)).toContain('Recognising phishing')
    const pct = await withLang<Page<Item>>('article/list', { type: 'help', q: '%' }, 'en')
    expect(pct.data.list.every((a) => a.summary.length > 0)).toBe(true)
    expect((await withLang('article/list', { type: 'bogus' }, 'en')).code).toBe(1101)
    expect((await withLang('article/list', { type: 'help', size: '1000' }, 'en')).code).toBe(1101)
    expect((await withLang('article/detail', { id: 'x' }, 'en')).code).toBe(1101)
  })

  it('renders bodies to sanitized HTML', async () => {
    const saved = await call.post<{ id: string }>(
      'admin/content/save',
      {
        type: 'news',
        texts: {
          en: {
            title: 'XSS',
            body: '# Hi\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>',
          },
        },
      },
      op.token,
    )
    await call.post('admin/content/publish', { id: saved.data.id }, op.token)
    const d = await withLang<{ html: string }>('article/detail', { id: saved.data.id }, 'en')
    expect(d.data.html).toContain('<h1>Hi</h1>')
    expect(d.data.html).not.toMatch(/<script|<img|href="javascript/i)
  })

  it('lists service pages and their details only', async () => {
    const s = await withLang<{ id: string; title: string }[]>('services', {}, 'en')
    expect(s.data.map((x) => x.title)).toContain('Contact customer service')
    const first = s.data[0] as { id: string }
    expect((await withLang<{ html: string }>('article/serviceDetail', { id: first.id }, 'tw')).code).toBe(200)
    const help = await withLang<Page<Item>>('article/list', { type: 'help' }, 'en')
    expect((await withLang('article/serviceDetail', { id: (help.data.list[0] as Item).id }, 'en')).code).toBe(
      1004,
    )
  })

  it('keeps the console staff-only: 1003 visitors, 1006 users, audit rows for staff', async () => {
    const user = await registerEmail(h.app, h.db)
    const routes: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['admin/content/list', 'GET', {}],
      ['admin/content/detail', 'GET', { id: '1' }],
      ['admin/content/preview', 'POST', { body: 'x' }],
      ['admin/content/save', 'POST', { type: 'news', texts: { en: { title: 'x', body: 'y' } } }],
      ['admin/content/publish', 'POST', { id: '1' }],
      ['admin/content/unpublish', 'POST', { id: '1' }],
      ['admin/content/pin', 'POST', { id: '1', pinned: true }],
    ]
    for (const [url, method, body] of routes) {
      expect((await call.call(method, url, body)).code, url).toBe(1003)
      expect((await call.call(method, url, body, user.token)).code, url).toBe(1006)
    }
    // The console's readiness gate: a staff account still on its one-time password is refused.
    const fresh = await createStaff(h.db, { email: `fresh.${Date.now()}@example.com`, role: 'operator' })
    const freshToken = await login(h.app, fresh.email, fresh.password)
    expect((await call.get('admin/content/list', {}, freshToken)).code).toBe(ERRORS.staffPasswordChange.code)
    const before = await h.db
      .selectFrom('audit_log')
      .select('id')
      .where('target_type', '=', 'article')
      .execute()
    expect(before.length).toBeGreaterThan(0)
    const saved = await call.post<{ id: string; status: string }>(
      'admin/content/save',
      { type: 'help', category: 'funds', texts: { en: { title: 'Audit me', body: 'b' } } },
      op.token,
    )
    expect(saved.data.status).toBe('draft')
    const id = saved.data.id
    await call.post('admin/content/pin', { id, pinned: true }, op.token)
    await call.post('admin/content/publish', { id }, op.token)
    await call.post('admin/content/unpublish', { id }, op.token)
    const rows = await h.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'article')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.action)).toEqual([
      'content.create',
      'content.pin',
      'content.publish',
      'content.unpublish',
    ])
    expect(rows.every((r) => r.actor_id === op.userId)).toBe(true)
    // A help article must have a category; a bad payload changes nothing.
    const bad = await call.post(
      'admin/content/save',
      { type: 'help', texts: { en: { title: 'x', body: 'y' } } },
      op.token,
    )
    expect(bad.code).toBe(1101)
    expect((await call.post('admin/content/publish', { id: '999999999' }, op.token)).code).toBe(1004)
    const preview = await call.post<{ html: string }>(
      'admin/content/preview',
      { body: '**b** <script>' },
      op.token,
    )
    expect(preview.data.html).toBe('<p><strong>b</strong> &lt;script&gt;</p>\n')
  })

  it('makes a cover public only through a published article, and only the operator’s own upload', async () => {
    const user = await registerEmail(h.app, h.db)
    const userUpload = await upload(h.app, user.token)
    const stolen = await call.post(
      'admin/content/save',
      { type: 'news', cover: userUpload, texts: { en: { title: 'c', body: 'c' } } },
      op.token,
    )
    expect(stolen.code).toBe(1323)
    const cover = await upload(h.app, op.token)
    const saved = await call.post<{ id: string }>(
      'admin/content/save',
      { type: 'news', cover, texts: { en: { title: 'c', body: 'c' } } },
      op.token,
    )
    const url = `/api/article/cover/${saved.data.id}`
    expect((await h.app.inject({ method: 'GET', url })).json().code).toBe(1004)
    await call.post('admin/content/publish', { id: saved.data.id }, op.token)
    const img = await h.app.inject({ method: 'GET', url })
    expect(img.statusCode).toBe(200)
    expect(img.headers['content-type']).toBe('image/jpeg')
  })

  it('lists notices and personal notifications with unread flags, per user', async () => {
    const a = await registerEmail(h.app, h.db)
    const b = await registerEmail(h.app, h.db)
    expect((await call.get('user/myNotifiables')).code).toBe(1003)
    const first = await withLang<Page<Notifiable> & { unread: number }>(
      'user/myNotifiables',
      {},
      'en',
      a.token,
    )
    expect(first.code).toBe(200)
    const welcome = first.data.list.find((n) => n.title === 'Welcome to Open Exchange') as Notifiable
    expect(welcome.read).toBe(false)
    expect(first.data.unread).toBe(first.data.total)

    const n = await h.db
      .insertInto('notification')
      .values({ user_id: a.userId, title: 'Your deposit was credited', body: '100 USDT' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const nid = `n${n.id}`
    // B can neither see nor mark A's notification.
    const bList = await call.get<Page<Notifiable>>('user/myNotifiables', {}, b.token)
    expect(bList.data.list.map((x) => x.id)).not.toContain(nid)
    expect((await call.get('user/readNotifiable', { id: nid }, b.token)).code).toBe(1004)

    expect((await call.get('user/readNotifiable', { id: welcome.id }, a.token)).code).toBe(200)
    expect((await call.get('user/readNotifiable', { id: welcome.id }, a.token)).code).toBe(200)
    expect((await call.get('user/readNotifiable', { id: nid }, a.token)).code).toBe(200)
    const after = await call.get<Page<Notifiable> & { unread: number }>('user/myNotifiables', {}, a.token)
    expect(after.data.unread).toBe(first.data.unread - 1)
    expect(after.data.total).toBe(first.data.total + 1)
    expect(after.data.list.find((x) => x.id === nid)?.read).toBe(true)
    expect(after.data.list.find((x) => x.id === welcome.id)?.read).toBe(true)
    // B's copy of the welcome notice is still unread.
    expect(bList.data.list.find((x) => x.id === welcome.id)?.read).toBe(false)
    expect((await call.get('user/readNotifiable', { id: 'zz' }, a.token)).code).toBe(1101)
    expect((await call.get('user/readNotifiable', { id: 'a999999999' }, a.token)).code).toBe(1004)
  })
})
