import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD } from '../accounts/helpers'
import { login, readyStaff } from '../admin/helpers'
import { ADDR, type AssetsHarness, fund, openChannel, registerEmail, startAssets } from '../assets/helpers'
import { backends } from '../harness'
import { type ApiRoute, apiRoutes, fillParams, ledgerFingerprint, SWEEP_FILLER, schemaMap } from './sweep'

/**
 * Issue 13, kept closed: hostile bodies on every POST route of the route table (and hostile query
 * strings on every GET route). Fails on any 5xx, and on any change of the ledger or a balance by a
 * request that was refused. Bounded: a fixed set of bodies, each sent whole and once more with a
 * seeded random half of the fields hostile, so a run takes seconds per backend.
 */

/** Valid-looking values, so a hostile field is not the only thing between a request and its work. */
const FILLER: Record<string, unknown> = { ...SWEEP_FILLER, reason: 'Fuzz' }

/** Field names requests use, beyond the filler's and the schema's id fields. */
const TEXT_FIELDS = [
  'nickname',
  'email',
  'phone',
  'countryCode',
  'name',
  'idNumber',
  'country',
  'title',
  'body',
  'message',
  'signature',
  'ticket',
  'code',
  'smsCode',
  'emailCode',
  'googleCode',
  'password',
  'confirmPassword',
  'oldPassword',
  'quoteAmount',
  'minAmount',
  'lang',
  'symbols',
  'keys',
  'remark',
  'txHash',
  'link',
  'enabled',
  'only',
  'confirmations',
  'x',
]

const HUGE = 'x'.repeat(20_000)
const DIGITS30 = `0.${'1'.repeat(30)}`

/** Raw JSON fragments: some cannot be written as JS values (1e309, __proto__ as a real key). */
const VALUES: Record<string, string> = {
  number: '123',
  negative: '-1',
  bool: 'true',
  null: 'null',
  array: '[1,"a",null]',
  object: '{"a":1}',
  nul: JSON.stringify('a\u0000b'),
  controls: JSON.stringify('\u0007\u001b[31m\u007f\u0085'),
  lone_surrogate: '"\\ud800x"',
  huge: JSON.stringify(HUGE),
  inf_literal: '1e309',
  neg_inf_literal: '-1e309',
  inf_string: '"1e309"',
  decimals30_string: JSON.stringify(DIGITS30),
  decimals30_number: DIGITS30,
  nan_string: '"NaN"',
  proto_object: '{"__proto__":{"isAdmin":true,"role":"admin"}}',
}

/** Whole bodies that are not objects, or whose keys are the attack. */
const BODIES: Record<string, string> = {
  json_null: 'null',
  json_array: '[]',
  json_string: '"str"',
  json_number: '1e309',
  empty_object: '{}',
  proto_key: `{"__proto__":{"isAdmin":true,"role":"admin"},${filler()}}`,
  constructor_key: `{"constructor":{"prototype":{"isAdmin":true}},${filler()}}`,
  deep: `{"a":${'['.repeat(200)}${']'.repeat(200)},${filler()}}`,
}

function filler(except: Set<string> = new Set()): string {
  return Object.entries(FILLER)
    .filter(([k]) => !except.has(k))
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',')
}

/** Small seeded generator (mulberry32): the same run every time. */
function rng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe.each(backends)('hostile input on every route on %s', (backend) => {
  let h: AssetsHarness
  let routes: ApiRoute[]
  beforeAll(async () => {
    h = await startAssets(backend)
    routes = apiRoutes(h.app)
  })
  afterAll(() => h.close())

  it('no 5xx, and no refused request moves money', async () => {
    const op = await readyStaff(h.app, h.db, 'admin')
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON)
    const user = await registerEmail(h.app, h.db)
    await fund(h, user.token, 'USDT', 'TRC20', '1000')
    const { idFields } = await schemaMap(h.db)
    const fields = [...new Set([...Object.keys(FILLER), ...TEXT_FIELDS, ...idFields])]
    const random = rng(13)

    const tokens = { user: user.token, staff: op.token }
    const failures: string[] = []
    let sent = 0
    let refused = 0
    let fingerprint = await ledgerFingerprint(h.db)

    async function send(route: ApiRoute, raw: { payload?: string; query?: string }, label: string) {
      const staffRoute = route.url.startsWith('/api/admin/')
      const request = () =>
        h.app.inject({
          method: route.method,
          url: fillParams(route.url, 'x') + (raw.query ? `?${raw.query}` : ''),
          ...(raw.payload !== undefined ? { payload: raw.payload } : {}),
          headers: {
            authorization: `Bearer ${staffRoute ? tokens.staff : tokens.user}`,
            ...(raw.payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
        })
      let res = await request()
      sent++
      if (res.statusCode === 200 && res.body.includes('"code":1003')) {
        // The route ended the caller's own session (logout): log in again, send it once more.
        if (staffRoute) throw new Error(`${route.url} ended the staff session`)
        tokens.user = await login(h.app, user.email, PASSWORD)
        res = await request()
        sent++
      }
      const where = `${route.method} ${route.url} ${label}`
      if (res.statusCode >= 500) failures.push(`${where}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}`)
      const ok = res.statusCode === 200 && res.body.startsWith('{"code":200')
      if (!ok) {
        refused++
        const now = await ledgerFingerprint(h.db)
        if (now !== fingerprint)
          failures.push(`${where}: refused (${res.body.slice(0, 80)}) but the ledger changed`)
        fingerprint = now
      } else fingerprint = await ledgerFingerprint(h.db)
    }

    const posts = routes.filter((r) => r.method === 'POST')
    const gets = routes.filter((r) => r.method === 'GET')
    for (const route of posts) {
      for (const [name, body] of Object.entries(BODIES)) await send(route, { payload: body }, name)
      for (const [name, value] of Object.entries(VALUES)) {
        // Every field hostile at once...
        await send(
          route,
          { payload: `{${fields.map((f) => `${JSON.stringify(f)}:${value}`).join(',')}}` },
          name,
        )
        // ...and a random half of them, the rest valid-looking.
        const hostile = new Set(fields.filter(() => random() < 0.5))
        const rest = filler(hostile)
        const part = [...hostile].map((f) => `${JSON.stringify(f)}:${value}`).join(',')
        await send(route, { payload: `{${[part, rest].filter(Boolean).join(',')}}` }, `${name} (half)`)
      }
    }
    const queries: Record<string, string> = {
      nul: fields.map((f) => `${f}=a%00b`).join('&'),
      huge: fields.map((f) => `${f}=${'x'.repeat(300)}`).join('&'),
      repeated: fields.map((f) => `${f}=1&${f}=2`).join('&'),
      numbers: fields.map((f) => `${f}=1e309`).join('&'),
      decimals30: fields.map((f) => `${f}=${DIGITS30}`).join('&'),
    }
    for (const route of gets)
      for (const [name, query] of Object.entries(queries)) await send(route, { query }, `query ${name}`)

    console.log(
      `[fuzz ${backend}] POST routes: ${posts.length}, GET routes: ${gets.length}, requests: ${sent}, ` +
        `refused: ${refused}, failures (5xx or money moved by a refused request): ${failures.length}`,
    )
    expect(failures).toEqual([])
  }, 180_000)
})
