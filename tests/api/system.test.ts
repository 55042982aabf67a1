import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { LANG_CODES } from '@common/i18n/languages'
import { drawnLogoColor } from '@common/market/logo'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDb } from '../../server/db/db'
import { backends, type Harness, startHarness } from './harness'

describe.each(backends)('system endpoints on %s', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(backend)
  })
  afterAll(async () => {
    await h.close()
  })

  it('reports health', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ok' } })
  })

  it('lists every country with dial code, flag and a name in each of the 15 languages', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/getCountryList' })
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data.length).toBeGreaterThan(230)
    const tw = body.data.find((c: { code: string }) => c.code === 'TW')
    expect(tw).toMatchObject({ dialCode: '+886', flag: '🇹🇼' })
    const cn = body.data.find((c: { code: string }) => c.code === 'CN')
    expect(cn).toMatchObject({ dialCode: '+86', flag: '🇨🇳' })
    expect(cn.name.en).toBe('China')
    expect(cn.name.de).toBe('China')
    expect(cn.name.jp).toBe('中国')
    const de = body.data.find((c: { code: string }) => c.code === 'DE')
    expect(de.name.fra).toBe('Allemagne')
    expect(de.name.tw).toBe('德國')
    for (const country of body.data) {
      expect(country.code).toMatch(/^[A-Z]{2}$/)
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/)
      for (const lang of LANG_CODES) expect(country.name[lang], `${country.code} ${lang}`).toBeTruthy()
    }
  })

  it('answers the newest version from the release table', async () => {
    await h.db
      .insertInto('app_release')
      .values({ version: '1.0.1', notes: 'fixes', published_at: new Date(Date.now() + 1000) })
      .execute()
    const res = await h.app.inject({ method: 'GET', url: '/api/getNewestVersion' })
    expect(res.json()).toMatchObject({
      code: 200,
      data: { version: '1.0.1', notes: 'fixes', forceUpdate: false },
    })
  })

  it('gives a logo map for enabled assets and serves each logo as SVG', async () => {
    await h.db.updateTable('asset').set({ enabled: false }).where('code', '=', 'AVAX').execute()
    const map = (await h.app.inject({ method: 'GET', url: '/api/index/logo' })).json().data
    // The fragment carries the colour the server draws in, so the app's HTML badge matches the SVG.
    expect(map.BTC).toMatch(/^\/api\/logo\/BTC\.svg#[0-9a-f]{6}$/)
    expect(map.platform).toBe('/api/logo/platform.svg')
    expect(map.AVAX).toBeUndefined()
    const svg = await h.app.inject({ method: 'GET', url: map.BTC.split('#')[0] })
    expect(svg.headers['content-type']).toContain('image/svg+xml')
    expect(svg.body).toContain('<svg')
    expect(svg.body).toContain('>BTC</text>')
    expect(svg.body).toContain(`fill="${drawnLogoColor(map.BTC)}"`)
  })

  it('refuses a bad logo name with a clear code and an unknown coin with not-found', async () => {
    const bad = (await h.app.inject({ method: 'GET', url: '/api/logo/%3Cscript%3E.svg' })).json()
    expect(bad).toMatchObject({ code: 1101, key: 'error.invalid_field', data: { field: 'file' } })
    const missing = (await h.app.inject({ method: 'GET', url: '/api/logo/NOPE.svg' })).json()
    expect(missing.code).toBe(1004)
  })

  it('answers unknown routes and malformed bodies with envelopes, never internals', async () => {
    const nf = await h.app.inject({ method: 'GET', url: '/api/does-not-exist' })
    expect(nf.statusCode).toBe(404)
    expect(nf.json()).toMatchObject({ code: 1004, key: 'error.not_found' })
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    })
    expect(bad.statusCode).toBe(200)
    expect(bad.json()).toEqual({
      code: 1100,
      msg: 'The request is not valid',
      data: null,
      key: 'error.bad_request',
    })
    expect(bad.body).not.toMatch(/at .*\.ts|SyntaxError|stack/)
  })

  it('sends security headers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBeDefined()
  })

  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrate(h.db)).toEqual([])
  })
})

describe('rate limiting', () => {
  it('answers 429 with the too-many-requests envelope past the limit', async () => {
    const h = await startHarness('pglite', { rateLimitPerMinute: 3 })
    try {
      const codes: number[] = []
      for (let i = 0; i < 5; i++)
        codes.push((await h.app.inject({ method: 'GET', url: '/api/getNewestVersion' })).statusCode)
      expect(codes).toEqual([200, 200, 200, 429, 429])
      const res = await h.app.inject({ method: 'GET', url: '/api/getNewestVersion' })
      expect(res.json()).toMatchObject({ code: 1005, key: 'error.too_many_requests' })
      // The app's files are not limited: one start of the PWA fetches ~100 of them.
      const page = await h.app.inject({ method: 'GET', url: '/' })
      expect(page.statusCode).not.toBe(429)
    } finally {
      await h.close()
    }
  })
})

describe('static PWA serving', () => {
  it('serves the shell revalidated and hashed assets as immutable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>')
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
    const h = await startHarness('pglite', { staticDir: dir })
    try {
      const index = await h.app.inject({ method: 'GET', url: '/' })
      expect(index.statusCode).toBe(200)
      expect(index.headers['cache-control']).toBe('no-cache')
      const asset = await h.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    } finally {
      await h.close()
      fs.rmSync(dir, { recursive: true })
    }
  })

  it('sends the build-time Brotli or gzip copy a client accepts, and the original to one that accepts neither', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>')
    const code = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i })))}`
    fs.writeFileSync(path.join(dir, 'assets', 'vendor-abc123.js'), code)
    const built = spawnSync(process.execPath, ['scripts/precompress.mjs', dir], { encoding: 'utf8' })
    expect(built.status).toBe(0)
    expect(fs.existsSync(path.join(dir, 'assets', 'vendor-abc123.js.br'))).toBe(true)
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(false) // under 1 KB: sent as it is
    const h = await startHarness('pglite', { staticDir: dir })
    try {
      const get = (encoding: string) =>
        h.app.inject({
          method: 'GET',
          url: '/assets/vendor-abc123.js',
          headers: { 'accept-encoding': encoding },
        })
      const br = await get('gzip, deflate, br')
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      // The build's own bytes (highest level), not a copy compressed again for this request.
      expect(br.rawPayload.equals(fs.readFileSync(path.join(dir, 'assets', 'vendor-abc123.js.br')))).toBe(
        true,
      )
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(code)
      const gz = await get('gzip')
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gz.rawPayload.equals(fs.readFileSync(path.join(dir, 'assets', 'vendor-abc123.js.gz')))).toBe(
        true,
      )
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code)
      const plain = await get('identity')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(code)
    } finally {
      await h.close()
      fs.rmSync(dir, { recursive: true })
    }
  })

  it("allows the static shell's inline scripts (head and body) by their hashes and no other inline script", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'))
    const head = 'document.documentElement.dataset.theme = "dark"'
    const body = 'document.title = "y"'
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><head><title>x</title><script>${head}</script></head><body><script>${body}</script></body>`,
    )
    const h = await startHarness('pglite', { staticDir: dir })
    try {
      const csp = String((await h.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))
      const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
      expect(scriptSrc?.trim()).toBe(`script-src 'self' ${hash(head)} ${hash(body)}`)
    } finally {
      await h.close()
      fs.rmSync(dir, { recursive: true })
    }
  })
})

describe('embedded database persistence', () => {
  it('keeps data under DATA_DIR across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-'))
    try {
      const first = await openDb({ dataDir: dir })
      expect(await migrate(first)).toContain('001-foundation')
      await first
        .insertInto('setting')
        .values({ key: 'probe', value: JSON.stringify({ kept: true }) })
        .execute()
      await first.destroy()
      const second = await openDb({ dataDir: dir })
      expect(await migrate(second)).toEqual([])
      const row = await second
        .selectFrom('setting')
        .select('value')
        .where('key', '=', 'probe')
        .executeTakeFirst()
      expect(row?.value).toEqual({ kept: true })
      await second.destroy()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    // Two on-disk migrations of the whole schema: well over 30 s on a loaded 2-core machine.
  }, 180_000)
})
