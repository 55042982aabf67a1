import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Floor } from '../../../common/market/types'
import { DEFAULT_CLAUSE } from '../../../server/platform/content/clause'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'

async function upload(app: FastifyInstance, token: string, colour = '#2266aa'): Promise<string> {
  const boundary = '----banner'
  const img = await sharp({ create: { width: 60, height: 20, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`
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

interface Clause {
  title: string
  content: string
  html?: string
}

describe.each(backends)('banners, floor and clauses on %s', (backend) => {
  let { h, call, op } = {} as StaffSuite
  beforeAll(async () => {
    ;({ h, call, op } = await openStaffSuite(backend))
  })
  afterAll(() => h.close())
  const floor = async (lang: string) => (await call.call<Floor>('GET', 'floor', {}, undefined, { lang })).data

  it('serves the built-in terms until terms and a privacy policy are published, then those per language', async () => {
    const before = await call.call<Clause>('GET', 'login/clause', {}, undefined, { lang: 'de' })
    expect(before.data).toEqual(DEFAULT_CLAUSE)
    expect((await call.call<Clause>('GET', 'user/clause', {}, undefined, { lang: 'en' })).data).toEqual(
      DEFAULT_CLAUSE,
    )

    const terms = await call.post<{ id: string }>(
      'admin/content/save',
      {
        type: 'terms',
        texts: {
          en: { title: 'Terms of use', body: 'You **agree**.<script>x()</script>' },
          tw: { title: '使用條款', body: '您同意。' },
          jp: { title: '利用規約', body: '同意します。' },
        },
      },
      op.token,
    )
    expect(terms.code).toBe(200)
    // A draft changes nothing.
    expect((await call.call<Clause>('GET', 'login/clause', {}, undefined, { lang: 'en' })).data.title).toBe(
      DEFAULT_CLAUSE.title,
    )
    await call.post('admin/content/publish', { id: terms.data.id }, op.token)
    const ja = await call.call<Clause>('GET', 'login/clause', {}, undefined, { lang: 'jp' })
    expect(ja.data.title).toBe('利用規約')
    const de = await call.call<Clause>('GET', 'login/clause', {}, undefined, { lang: 'de' })
    expect(de.data.title).toBe('Terms of use')
    expect(de.data.html).toContain('<strong>agree</strong>')
    expect(de.data.html).not.toContain('<script')
    // Privacy is a separate article: still the built-in text.
    expect((await call.call<Clause>('GET', 'user/clause', {}, undefined, { lang: 'en' })).data.title).toBe(
      DEFAULT_CLAUSE.title,
    )

    const privacy = await call.post<{ id: string }>(
      'admin/content/save',
      { type: 'privacy', texts: { tw: { title: '隱私政策', body: '我們保護您的資料。' } } },
      op.token,
    )
    await call.post('admin/content/publish', { id: privacy.data.id }, op.token)
    // Only tw exists: en readers fall back to it (en -> tw).
    for (const method of ['GET', 'POST'] as const) {
      const p = await call.call<Clause>(method, 'user/clause', {}, undefined, { lang: 'en' })
      expect(p.data.title).toBe('隱私政策')
    }
    await call.post('admin/content/unpublish', { id: terms.data.id }, op.token)
    expect((await call.call<Clause>('GET', 'login/clause', {}, undefined, { lang: 'en' })).data).toEqual(
      DEFAULT_CLAUSE,
    )
  })

  it('lets staff create, order and publish banners with an image per language; the floor shows published ones', async () => {
    expect((await floor('en')).banners).toEqual([])
    const notices = (await floor('en')).notices
    expect(notices[0]).toMatchObject({ title: 'Welcome to Open Exchange' })
    expect(notices[0]?.link).toBe(`/pages/article/detail?id=${notices[0]?.id}`)
    expect((await floor('tw')).notices[0]?.title).toBe('歡迎來到 Open Exchange')

    const en = await upload(h.app, op.token, '#ff0000')
    const tw = await upload(h.app, op.token, '#00ff00')
    const second = await call.post<{ id: string; status: string }>(
      'admin/content/banner/save',
      {
        sort: 2,
        link: '/pages/assets/recharge-currency',
        images: { en: { upload: en, alt: 'Deposit now' } },
      },
      op.token,
    )
    expect(second.code).toBe(200)
    expect(second.data.status).toBe('draft')
    const first = await call.post<{ id: string }>(
      'admin/content/banner/save',
      {
        sort: 1,
        link: `article:${notices[0]?.id}`,
        images: { en: { upload: en, alt: 'Welcome' }, tw: { upload: tw, alt: '歡迎' } },
      },
      op.token,
    )
    expect((await floor('en')).banners).toEqual([])
    const draftImg = await h.app.inject({ method: 'GET', url: `/api/banner/image/${first.data.id}/en` })
    expect(draftImg.json().code).toBe(1004)

    await call.post('admin/content/banner/publish', { id: second.data.id }, op.token)
    await call.post('admin/content/banner/publish', { id: first.data.id }, op.token)
    const shown = (await floor('en')).banners
    expect(shown.map((b) => b.title)).toEqual(['Welcome', 'Deposit now'])
    expect(shown[0]?.link).toBe(`/pages/article/detail?id=${notices[0]?.id}`)
    expect(shown[1]?.link).toBe('/pages/assets/recharge-currency')
    expect((await floor('tw')).banners.map((b) => b.title)).toEqual(['歡迎', 'Deposit now'])
    // jp falls back to en.
    expect((await floor('jp')).banners[0]?.image).toMatch(
      new RegExp(`^api/banner/image/${first.data.id}/en\\?v=`),
    )

    const twImg = await h.app.inject({
      method: 'GET',
      url: `/api/${(await floor('tw')).banners[0]?.image.slice(4)}`,
    })
    expect(twImg.statusCode).toBe(200)
    expect(twImg.headers['content-type']).toBe('image/jpeg')
    const enImg = await h.app.inject({ method: 'GET', url: `/api/banner/image/${first.data.id}/en` })
    expect(Buffer.compare(enImg.rawPayload, twImg.rawPayload)).not.toBe(0)
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/banner/image/${first.data.id}/jp` })).json().code,
    ).toBe(1004)

    // Edit: reorder. Unpublish hides it and its image again.
    const moved = await call.post<{ sort: number }>(
      'admin/content/banner/save',
      {
        id: second.data.id,
        sort: 0,
        link: '/pages/assets/recharge-currency',
        images: { en: { upload: en, alt: 'Deposit now' } },
      },
      op.token,
    )
    expect(moved.data.sort).toBe(0)
    expect((await floor('en')).banners.map((b) => b.title)).toEqual(['Deposit now', 'Welcome'])
    await call.post('admin/content/banner/unpublish', { id: first.data.id }, op.token)
    expect((await floor('en')).banners.map((b) => b.title)).toEqual(['Deposit now'])
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/banner/image/${first.data.id}/en` })).json().code,
    ).toBe(1004)

    const list = await call.get<{ id: string; status: string; images: Record<string, { alt: string }> }[]>(
      'admin/content/banners',
      {},
      op.token,
    )
    expect(list.data.map((b) => [b.id, b.status])).toEqual([
      [second.data.id, 'published'],
      [first.data.id, 'draft'],
    ])
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'banner')
      .where('target_id', '=', first.data.id)
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual([
      'content.banner.create',
      'content.banner.publish',
      'content.banner.unpublish',
    ])
    expect(audit.every((a) => a.actor_id === op.userId)).toBe(true)
  })

  it('refuses bad banners, foreign uploads and non-staff without changing anything', async () => {
    const user = await registerEmail(h.app, h.db)
    const own = await upload(h.app, op.token)
    const theirs = await upload(h.app, user.token)
    const count = async () =>
      Number(
        (
          await h.db
            .selectFrom('banner')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const img = { en: { upload: own, alt: 'x' } }
    expect(
      (
        await call.post(
          'admin/content/banner/save',
          { images: { en: { upload: theirs, alt: 'x' } } },
          op.token,
        )
      ).code,
    ).toBe(1323)
    for (const link of ['https://evil.example', '//evil.example', 'javascript:alert(1)', 'article:x'])
      expect((await call.post('admin/content/banner/save', { link, images: img }, op.token)).code).toBe(1101)
    expect(
      (await call.post('admin/content/banner/save', { link: 'article:999999999', images: img }, op.token))
        .code,
    ).toBe(1004)
    expect((await call.post('admin/content/banner/save', { images: {} }, op.token)).code).toBe(1101)
    expect((await call.post('admin/content/banner/save', { sort: -1, images: img }, op.token)).code).toBe(
      1101,
    )
    expect((await call.post('admin/content/banner/save', { images: img }, user.token)).code).not.toBe(200)
    expect((await call.get('admin/content/banners', {}, user.token)).code).not.toBe(200)
    expect((await call.post('admin/content/banner/publish', { id: '999999999' }, op.token)).code).toBe(1004)
    expect(await count()).toBe(before)
  })
})
