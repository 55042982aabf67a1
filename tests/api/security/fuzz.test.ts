import { ERRORS } from '@common/api/errors'
import type * as Valibot from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PASSWORD } from '../accounts/helpers'
import { login, readyStaff } from '../admin/helpers'
import { ADDR, type AssetsHarness, fund, openChannel, registerEmail, startAssets } from '../assets/helpers'
import { backends } from '../harness'
import {
  type ApiRoute,
  apiRoutes,
  changedTables,
  fillParams,
  installWriteCounter,
  ledgerFingerprint,
  SWEEP_FILLER,
  schemaMap,
  writeCounts,
} from './sweep'

/**
 * Which request schema each route parses its body with: every server-side parse() goes through
 * valibot's safeParse, which is watched here (the route table says where the routes are; this
 * says what they read). The console sweep below puts each field of each schema in turn hostile.
 */
const parsed = vi.hoisted(() => ({ on: false, list: [] as { schema: unknown; input: unknown }[] }))
vi.mock('valibot', async (importOriginal) => {
  const real = await importOriginal<typeof Valibot>()
  return {
    ...real,
    safeParse: ((schema, input, config) => {
      if (parsed.on) parsed.list.push({ schema, input })
      return real.safeParse(schema, input, config)
    }) as typeof real.safeParse,
  }
})

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

/** A valibot schema, as far as the sweep looks into one. */
interface Node {
  type?: string
  entries?: Record<string, Node>
  options?: Node[]
  wrapped?: Node
  item?: Node
}

/** The fields of an object schema (of every option of a variant or union), unwrapped. */
function fieldsOf(node: Node | undefined): Map<string, Node> {
  const out = new Map<string, Node>()
  if (!node) return out
  if (node.wrapped) return fieldsOf(node.wrapped)
  if (node.entries) for (const [k, x] of Object.entries(node.entries)) out.set(k, unwrap(x))
  for (const o of node.options ?? []) for (const [k, x] of fieldsOf(o)) if (!out.has(k)) out.set(k, x)
  return out
}
function unwrap(node: Node): Node {
  return node.wrapped ? unwrap(node.wrapped) : node
}

/**
 * Valid-looking console values by field name (issue 33), so that the one hostile field is what
 * stands between a request and its work. Per-route values where two routes mean different things
 * by one name.
 */
function consoleFiller(now: number, uid: number, userId: string): Record<string, unknown> {
  return {
    ...SWEEP_FILLER,
    userId,
    uid,
    merchant: true,
    reason: 'Fuzz reason',
    id: '1',
    asset: 'USDT',
    coin: 'USDT',
    currency: 'USDT',
    cycleDays: 30,
    rate: '0.1',
    rateKind: 'annual',
    minAmount: '1',
    maxAmount: '10',
    quota: '100',
    earlyRedeem: false,
    paused: true,
    name: 'Fuzz',
    coinName: 'Fuzz Coin',
    coinPrecision: 4,
    description: 'Fuzz',
    supply: '1000',
    price: '0.5',
    startAt: now + 3_600_000,
    closeAt: now + 7_200_000,
    announceAt: now + 10_800_000,
    listingAt: now + 14_400_000,
    decision: 'reject',
    outcome: 'reject',
    toBuyer: '1',
    termDays: 30,
    monthlyRate: '0.01',
    institution: 'Fuzz Bank',
    credit: false,
    enabled: false,
    days: [{ day: '2031-02-28', name: 'Fuzz' }],
    period: 30,
    maxLeverage: 10,
    lotSize: '0.001',
    makerFee: '0.0002',
    takerFee: '0.0005',
    trading: true,
    upRate: '0.8',
    downRate: '0.8',
    flatRate: '0',
    band: '0.0001',
    feeRate: '0.01',
    status: 'trading',
    minNotional: '10',
    action: 'pause',
    pinned: true,
    type: 'news',
    texts: { en: { title: 'Fuzz', body: 'Fuzz' } },
    publishAt: now + 3_600_000,
    body: 'Fuzz',
    category: 'other',
    txHash: '0xfuzzfuzz',
    depositId: '1',
    withdrawalId: '1',
    confirmations: 1,
    rank: 'ordinary',
    upTo: '1',
    link: '',
    sort: 1,
  }
}
const CONSOLE_OVERRIDES: Record<string, Record<string, unknown>> = {
  '/api/admin/contract/settings': {
    symbol: 'BTCUSDT_PERP',
    tiers: [
      { floor: '0', mmr: '0.004', maxLeverage: 100 },
      { floor: '1000000', mmr: '0.01', maxLeverage: 50 },
    ],
  },
  '/api/admin/etf/create': {
    code: () => freshCode('FZ'),
    kind: 'leveraged',
    underlying: 'BTCUSDT',
    leverage: '3',
    components: [
      { symbol: 'BTCUSDT', weight: '0.5' },
      { symbol: 'ETHUSDT', weight: '0.5' },
    ],
  },
  '/api/admin/etf/status': { code: 'FUZZ3L' },
  // A new coin each time, so a project that was created does not shadow the next field's check.
  '/api/admin/earn/project/create': { coin: () => freshCode('FZ'), currency: 'USDT' },
  '/api/admin/markets/limits': { minAmount: '0.01' },
}

let codes = 0
/** FZAAA, FZAAB, ...: a code nobody has used. */
function freshCode(prefix: string): string {
  let n = codes++
  let out = ''
  for (let i = 0; i < 4; i++, n = Math.floor(n / 26)) out = String.fromCharCode(65 + (n % 26)) + out
  return prefix + out
}
/** Function values of a filler are drawn afresh for each request. */
function draw(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, typeof x === 'function' ? x() : x]))
}

const PROPOSED = `{"code":${(ERRORS as Record<string, { code: number }>).fourEyesProposed?.code ?? 'none'},`

/**
 * Which hostile values a field gets: all of them for text, numbers and unions (where coercion
 * hides), a few for a switch, a choice from a list or a structure, whose checks are all-or-nothing.
 */
const FEW: Record<string, readonly string[]> = {
  boolean: ['number', 'null', 'object', 'exponent_string'],
  picklist: ['number', 'null', 'empty_string', 'huge', 'hex_string', 'plus_string', 'int4_overflow'],
  literal: ['number', 'null', 'empty_string', 'huge'],
  array: ['number', 'null', 'bool', 'object', 'huge', 'array_of_objects'],
  record: ['number', 'null', 'bool', 'array', 'huge', 'array_of_objects'],
  object: ['number', 'null', 'bool', 'array', 'huge'],
}
/** Numbers written so that Number() reads them (16, 5, 1000, 10): a number field refuses them all. */
const COERCED = new Set(['hex_string', 'binary_string', 'exponent_string', 'plus_string', 'blank_string'])
const NUMERIC = new Set(['number', 'union'])

function worthSending(node: Node | undefined, value: string): boolean {
  const few = node?.type ? FEW[node.type] : undefined
  return few === undefined || few.includes(value)
}

/** Hostile values for one field at a time (raw JSON): the findings of issue 33 and their kin. */
const FIELD_VALUES: Record<string, string> = {
  int4_overflow: '2147483648',
  int4_overflow_string: '"2147483648"',
  huge_number: '1e20',
  huge_int_string: '"99999999999999999999999"',
  unsafe_integer: '9007199254740993',
  hex_string: '"0x10"',
  binary_string: '"0b101"',
  exponent_string: '"1e3"',
  plus_string: '"+10"',
  fraction: '0.5',
  negative_zero: '-0',
  negative_time: '-8.64e15',
  empty_string: '""',
  blank_string: '"   "',
  bad_date: '"2031-02-31"',
  far_date: '"9999-12-31"',
  text_100k: JSON.stringify('x'.repeat(100_000)),
  decimals_19: '"1.0000000000000000001"',
  array_of_objects: '[{"a":1}]',
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
  }, 900_000)
  it('console routes: every field of every console POST body hostile in turn, as a ready admin', async () => {
    const op = await readyStaff(h.app, h.db, 'admin')
    const user = await registerEmail(h.app, h.db)
    const { uid } = await h.db
      .selectFrom('users')
      .select('uid')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    const filler = consoleFiller(Date.now(), uid, user.userId)
    await installWriteCounter(h.db)
    const fallback = [...new Set([...Object.keys(filler), ...TEXT_FIELDS])]
    // Control characters and prototype keys are refused for the whole body before any schema
    // runs (the sweep above covers them): here, what reaches a field's own check.
    const shared = ['number', 'negative', 'bool', 'null', 'array', 'object', 'huge', 'inf_literal']
    const hostile = {
      ...Object.fromEntries(shared.map((k) => [k, VALUES[k] as string])),
      ...Object.fromEntries(['decimals30_string', 'nan_string'].map((k) => [k, VALUES[k] as string])),
      ...FIELD_VALUES,
    }
    const failures: string[] = []
    let sent = 0
    let refused = 0
    let accepted = 0
    let withSchema = 0
    let counts = await writeCounts(h.db)

    const send = async (route: ApiRoute, payload: string, label: string, mustRefuse = false) => {
      const res = await h.app.inject({
        method: 'POST',
        url: fillParams(route.url, '1'),
        payload,
        headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json' },
      })
      sent++
      const where = `POST ${route.url} ${label}`
      if (res.statusCode >= 500) failures.push(`${where}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}`)
      if (res.body.includes('"code":1003')) throw new Error(`${route.url} ended the staff session`)
      const now = await writeCounts(h.db)
      // A four-eyes proposal is a valid request that is recorded, not done: it writes.
      if ((res.statusCode === 200 && res.body.startsWith('{"code":200')) || res.body.startsWith(PROPOSED)) {
        accepted++
        if (mustRefuse)
          failures.push(`${where}: a number field took ${label.split('=')[1]} (read with Number())`)
      } else {
        refused++
        if (now !== counts)
          failures.push(
            `${where}: refused (${res.body.slice(0, 80)}) but wrote ${changedTables(counts, now)}`,
          )
      }
      counts = now
      return res
    }

    // The project in preheat (editable): its id, coin and precision are what an edit must name.
    const preheat = await h.db
      .selectFrom('sub_project')
      .select(['id', 'coin', 'coin_precision'])
      .where('state', '=', 'preheat')
      .executeTakeFirst()
    const overrides: Record<string, Record<string, unknown>> = {
      ...CONSOLE_OVERRIDES,
      '/api/admin/earn/project/edit': preheat
        ? { id: String(preheat.id), coin: preheat.coin, coinPrecision: preheat.coin_precision }
        : {},
    }
    const consoleRoutes = routes.filter((r) => r.method === 'POST' && r.url.startsWith('/api/admin/'))
    for (const route of consoleRoutes) {
      // What the route reads: the object schema it parsed an empty body with.
      parsed.list = []
      parsed.on = true
      await send(route, '{}', 'empty')
      parsed.on = false
      const body = parsed.list
        .filter((p) => p.input !== null && typeof p.input === 'object' && Object.keys(p.input).length === 0)
        .map((p) => p.schema as Node)
        .at(-1)
      const fields = fieldsOf(body)
      if (fields.size > 0) withSchema++
      const names = fields.size > 0 ? [...fields.keys()] : fallback
      const base: Record<string, unknown> = { ...filler, ...overrides[route.url] }
      const valid = Object.fromEntries(names.filter((n) => n in base).map((n) => [n, base[n]]))
      await send(route, JSON.stringify(draw(valid)), 'filler')
      const targets: { path: string; node?: Node; build: (raw: string) => string }[] = names.map((n) => ({
        path: n,
        node: fields.get(n),
        build: (raw) =>
          JSON.stringify({ ...draw(valid), [n]: '\u0000HOSTILE' }).replace('"\\u0000HOSTILE"', raw),
      }))
      // One level down: each field of the objects in an array field (holidays, tiers, components).
      for (const [n, node] of fields) {
        const item = node.item ? unwrap(node.item) : undefined
        const sample = Array.isArray(valid[n]) ? (valid[n] as Record<string, unknown>[])[0] : undefined
        for (const k of fieldsOf(item).keys())
          targets.push({
            path: `${n}.0.${k}`,
            node: fieldsOf(item).get(k),
            build: (raw) =>
              JSON.stringify({ ...draw(valid), [n]: [{ ...sample, [k]: '\u0000HOSTILE' }] }).replace(
                '"\\u0000HOSTILE"',
                raw,
              ),
          })
      }
      for (const t of targets)
        for (const [name, raw] of Object.entries(hostile))
          if (worthSending(t.node, name))
            await send(
              route,
              t.build(raw),
              `${t.path}=${name}`,
              COERCED.has(name) && NUMERIC.has(t.node?.type ?? ''),
            )
    }
    console.log(
      `[fuzz console ${backend}] console POST routes: ${consoleRoutes.length} (body schema found: ${withSchema}), ` +
        `requests: ${sent}, refused: ${refused}, accepted: ${accepted}, ` +
        `failures (5xx, a refused request that wrote, a number field that took "0x10"): ${failures.length}`,
    )
    expect(failures).toEqual([])
  }, 900_000)
})
