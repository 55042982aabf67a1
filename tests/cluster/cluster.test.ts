/**
 * The scale-out topology for real: 2 cores + 2 gateways as separate processes on PostgreSQL and
 * Redis (DATABASE_URL, REDIS_URL; a throw-away database is made next to DATABASE_URL's).
 * Skipped, saying so, when either is absent. Run: npm run test:cluster.
 */
import { CHANNEL_USER, SOCKET_EVENTS } from '@common/constants'
import type { ContractOrder } from '@common/contract/schema'
import type { DepthSnapshot, SpotOrder } from '@common/spot/schema'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with npm run cluster
import { ownership, startCluster, startProxy } from '../../scripts/cluster-lib.mjs'
import { marketUnits } from '../../server/cluster/shares'
import { type Db, openDb } from '../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../server/ledger/check'
import { move, postEntry } from '../../server/ledger/ledger'
import { call, freshDatabase, fundedUser, sleep, until } from './helpers'

const DATABASE_URL = process.env.DATABASE_URL
const REDIS_URL = process.env.REDIS_URL
const enabled = Boolean(DATABASE_URL && REDIS_URL)
if (!enabled)
  console.warn(
    'cluster test skipped: it needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis) in the environment',
  )

const SYMBOL = 'BTCUSDT'
/** Far below the market: the makers never quote here, so these levels are only ours. */
const LOW = 20_000
const PROXY = 9790

interface Node {
  role: 'core' | 'gateway'
  port: number
  name: string
  child: import('node:child_process').ChildProcess
}

describe.skipIf(!enabled)('cluster: 2 gateways + 2 cores', () => {
  let cluster: { nodes: Node[]; stop(): Promise<void> }
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let db: Db
  let gw: [number, number]
  const sockets: Socket[] = []

  beforeAll(async () => {
    database = await freshDatabase(DATABASE_URL as string)
    cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl: REDIS_URL,
      basePort: 9700,
      name: `t${process.pid}`,
      logDir: 'test-results/cluster-logs',
      env: { BACKFILL_DAYS: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000000' },
    })
    const gws = cluster.nodes.filter((n) => n.role === 'gateway').map((n) => n.port)
    gw = [gws[0] as number, gws[1] as number]
    db = await openDb({ databaseUrl: database.url, dataDir: '/nonexistent' })
    // Every market unit and leader owned exactly once, markets spread over both cores.
    const expected = [
      ...marketUnits(await db.selectFrom('instrument').select(['symbol', 'category']).execute()),
      ...[
        'index',
        'loan-jobs',
        'c2c-jobs',
        'invite-jobs',
        'earn-jobs',
        'etf-jobs',
        'option-jobs',
        'chain-watch',
        'ledger-check',
      ].map((n) => `leader:${n}`),
    ].sort()
    let lists: string[][] = []
    await until(async () => {
      const o = (await ownership(cluster.nodes)) as Record<string, string[] | null>
      lists = Object.values(o).map((l) => l ?? [])
      return (
        lists.length === 2 &&
        lists.flat().length === expected.length &&
        lists.every((l) => l.some((u) => u.startsWith('spot:')))
      )
    }, 30_000)
    expect(lists.flat().sort()).toEqual(expected)
    for (const l of lists) expect(l.some((u) => u.startsWith('spot:'))).toBe(true)
  }, 240_000)

  afterAll(async () => {
    for (const s of sockets) s.close()
    await cluster?.stop()
    await db?.destroy()
    await database?.drop()
  }, 60_000)

  const place = (port: number, token: string, price: number, amount = '0.01') =>
    call<SpotOrder>(port, 'POST', 'spot/order/place', token, {
      symbol: SYMBOL,
      side: 'buy',
      type: 'limit',
      price: String(price),
      amount,
    })

  const depthBelow = async (port: number): Promise<Map<string, string>> => {
    const r = await call<DepthSnapshot>(port, 'GET', `spot/depth?symbol=${SYMBOL}&limit=100`, '')
    return new Map(r.data.bids.filter((b) => Number(b.price) < LOW + 1000).map((b) => [b.price, b.amount]))
  }

  const dbLevelsBelow = async (): Promise<Map<string, string>> => {
    const rows = await db
      .selectFrom('spot_order')
      .select(['price', 'amount', 'filled'])
      .where('symbol', '=', SYMBOL)
      .where('side', '=', 'buy')
      .where('status', 'in', ['open', 'partial'])
      .where('price', '<', String(LOW + 1000))
      .execute()
    const m = new Map<string, number>()
    for (const r of rows)
      m.set(
        String(Number(r.price)),
        (m.get(String(Number(r.price))) ?? 0) + Number(r.amount) - Number(r.filled),
      )
    return new Map([...m].map(([p, a]) => [p, a.toFixed(6).replace(/\.?0+$/, '')]))
  }

  it('orders through either gateway land in one book, and a private event reaches the user on the other gateway', async () => {
    const a = await fundedUser(db, 'alice')
    const b = await fundedUser(db, 'bob')
    // Alice listens on gateway 2.
    const sock = io(`http://127.0.0.1:${gw[1]}`, {
      transports: ['websocket'],
      auth: { token: a.token },
      reconnection: false,
    })
    sockets.push(sock)
    const got: SpotOrder[] = []
    sock.on(SOCKET_EVENTS.message, (m: { ch: string; data: { order?: SpotOrder } }) => {
      if (m.ch === CHANNEL_USER && m.data.order) got.push(m.data.order)
    })
    const ack = await sock.timeout(10_000).emitWithAck(SOCKET_EVENTS.subscribe, CHANNEL_USER)
    expect(ack.ok).toBe(true)

    const viaGw1 = await place(gw[0], a.token, LOW)
    const viaGw2 = await place(gw[1], b.token, LOW + 1)
    expect(viaGw1.code).toBe(200)
    expect(viaGw2.code).toBe(200)
    expect(viaGw1.data.status).toBe('open')

    // Both gateways show both orders in the same book.
    for (const port of gw) {
      const levels = await until(async () => {
        const d = await depthBelow(port)
        return d.get(String(LOW)) && d.get(String(LOW + 1)) ? d : null
      }, 5000)
      expect(levels?.get(String(LOW))).toBe('0.01')
      expect(levels?.get(String(LOW + 1))).toBe('0.01')
    }
    // Alice's order, placed through gateway 1, reached her socket on gateway 2.
    await until(async () => got.some((o) => o.id === viaGw1.data.id), 5000)
    expect(got.map((o) => o.id)).toContain(viaGw1.data.id)

    // A cancel through the other gateway reaches the owner too.
    const cancelled = await call<SpotOrder>(gw[1], 'POST', 'spot/order/cancel', a.token, {
      id: viaGw1.data.id,
    })
    expect(cancelled.data.status).toBe('cancelled')
    const other = await call<SpotOrder>(gw[0], 'POST', 'spot/order/cancel', a.token, { id: viaGw2.data.id })
    expect(other.code).toBe(1600)

    // Events made by a request on gateway 1 (not by a core) reach her socket on gateway 2 too:
    // favourites here; C2C and service chat travel the same relay (cluster/control.ts).
    const favs: string[][] = []
    sock.on(SOCKET_EVENTS.message, (m: { ch: string; data: { favorites?: string[] } }) => {
      if (m.ch === CHANNEL_USER && m.data.favorites) favs.push(m.data.favorites)
    })
    const fav = await call(gw[0], 'POST', 'market/favorites/add', a.token, { symbol: 'ETHUSDT' })
    expect(fav.code).toBe(200)
    await until(async () => favs.some((f) => f.includes('ETHUSDT')), 5000)
    expect(favs.at(-1)).toContain('ETHUSDT')
  }, 60_000)

  it('perpetuals: an order through one gateway is in the engine as the other gateway reads it', async () => {
    const c = await fundedUser(db, 'dave')
    await db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'recharge',
        postings: move(
          { holder: 'system', account: 'deposit_clearing', asset: 'USDT' },
          { holder: c.id, account: 'contract', asset: 'USDT' },
          '100000',
        ),
      }),
    )
    const placed = await call<ContractOrder>(gw[0], 'POST', 'contract/order/place', c.token, {
      symbol: 'BTCUSDT_PERP',
      side: 'long',
      type: 'limit',
      lots: 2,
      leverage: 10,
      price: String(LOW),
    })
    expect(placed.code).toBe(200)
    const open = await call<ContractOrder[]>(gw[1], 'GET', 'contract/orders/open', c.token)
    expect(open.data.map((o) => o.id)).toEqual([placed.data.id])
    const account = await call<{ walletBalance: string }>(gw[1], 'GET', 'contract/account', c.token)
    expect(Number(account.data.walletBalance)).toBe(100000)
    const cancelled = await call<ContractOrder>(gw[1], 'POST', 'contract/order/cancel', c.token, {
      id: placed.data.id,
    })
    expect(cancelled.data.status).toBe('cancelled')
    expect((await call<ContractOrder[]>(gw[0], 'GET', 'contract/orders/open', c.token)).data).toEqual([])
  }, 60_000)

  it('kill -9 of a gateway under load: clients reconnect through the proxy to the other, nothing acknowledged is lost', async () => {
    const proxy = await startProxy(PROXY, gw)
    try {
      const a = await fundedUser(db, 'carol')
      const sock = io(`http://127.0.0.1:${PROXY}`, {
        transports: ['websocket'],
        auth: { token: a.token },
        reconnectionDelay: 200,
        reconnectionDelayMax: 500,
      })
      sockets.push(sock)
      const got = new Set<string>()
      // As the app does: subscribe again after every (re)connection.
      sock.on('connect', () => void sock.emit(SOCKET_EVENTS.subscribe, CHANNEL_USER))
      sock.on(SOCKET_EVENTS.message, (m: { ch: string; data: { order?: SpotOrder } }) => {
        if (m.ch === CHANNEL_USER && m.data.order) got.add(m.data.order.id)
      })
      await until(async () => sock.connected, 5000)
      const acked: SpotOrder[] = []
      let stop = false
      const load = [0, 1, 2, 3].map(async () => {
        while (!stop) {
          const r = await place(PROXY, a.token, LOW + 200).catch(() => null)
          if (r?.code === 200) acked.push(r.data)
        }
      })
      await sleep(1500)
      const victim = cluster.nodes.find((n) => n.role === 'gateway' && n.port === gw[0]) as Node
      victim.child.kill('SIGKILL')
      const atKill = acked.length
      await until(async () => acked.length > atKill + 20, 15_000)
      stop = true
      await Promise.all(load)
      expect(acked.length).toBeGreaterThan(atKill + 20)
      // The socket is back (on the surviving gateway) and gets the orders placed after it returned.
      await until(async () => sock.connected, 10_000)
      const last = await place(PROXY, a.token, LOW + 201)
      expect(last.code).toBe(200)
      await until(async () => got.has(last.data.id), 5000)
      expect(got.has(last.data.id)).toBe(true)
      const rows = await db
        .selectFrom('spot_order')
        .select('id')
        .where(
          'id',
          'in',
          acked.map((o) => o.id),
        )
        .execute()
      expect(rows.length).toBe(acked.length)
      sock.close()
    } finally {
      proxy.close()
    }
    gw = [gw[1], gw[1]]
  }, 60_000)

  it('kill -9 of the owning core under load: taken over within 10 s, nothing acknowledged is lost, books equal the database, ledger sound', async () => {
    const users = [await fundedUser(db, 'u1'), await fundedUser(db, 'u2'), await fundedUser(db, 'u3')]
    const before = (await ownership(cluster.nodes)) as Record<string, string[]>
    const ownerName = Object.keys(before).find((n) => before[n]?.includes(`spot:${SYMBOL}`)) as string
    const owner = cluster.nodes.find((n) => n.name === ownerName) as Node
    const survivor = cluster.nodes.find((n) => n.role === 'core' && n.name !== ownerName) as Node

    const acked: SpotOrder[] = []
    const refused = new Map<number, number>()
    let stop = false
    let i = 0
    const client = async (k: number) => {
      while (!stop) {
        const n = i++
        const u = users[n % users.length] as { token: string }
        const r = await place(gw[(n + k) % 2] as number, u.token, LOW + 100 + (n % 40)).catch(() => null)
        if (r?.code === 200) acked.push(r.data)
        else refused.set(r?.code ?? -1, (refused.get(r?.code ?? -1) ?? 0) + 1)
      }
    }
    const load = [0, 1, 2, 3].map((k) => client(k))
    await sleep(2000)
    const ackedBeforeKill = acked.length
    const killedAt = Date.now()
    owner.child.kill('SIGKILL')
    const taken = await until(
      async () => {
        const o = (await ownership([survivor])) as Record<string, string[] | null>
        return o[survivor.name]?.includes(`spot:${SYMBOL}`) ? Date.now() : 0
      },
      20_000,
      100,
    )
    const takeoverMs = taken - killedAt
    // Orders go on after the take-over.
    const ackedAtTakeover = acked.length
    await until(async () => acked.length > ackedAtTakeover + 20, 15_000)
    stop = true
    await Promise.all(load)
    console.log(
      `cluster take-over: ${takeoverMs} ms; acknowledged ${acked.length} orders (${ackedBeforeKill} before the kill), refused ${JSON.stringify(Object.fromEntries(refused))}`,
    )
    expect(taken).toBeGreaterThan(0)
    expect(takeoverMs).toBeLessThan(10_000)
    expect(acked.length).toBeGreaterThan(ackedAtTakeover)
    // Refusals are only the documented ones while no core owned the market.
    for (const code of refused.keys()) expect([1403, 1404]).toContain(code)

    // Every acknowledged order is in the database...
    const ids = acked.map((o) => o.id)
    const rows = await db.selectFrom('spot_order').select(['id', 'status']).where('id', 'in', ids).execute()
    expect(rows.length).toBe(ids.length)
    // ...and the new owner's book (as every gateway shows it) equals the database.
    await sleep(2500)
    const fromDb = await dbLevelsBelow()
    for (const port of gw) expect(await depthBelow(port)).toEqual(fromDb)

    await cluster.stop()
    const report = await checkLedger(db)
    expect(report.unbalancedAssets).toEqual([])
    expect(report.mismatchedBalances).toEqual([])
    expect(ledgerIsSound(report)).toBe(true)
  }, 120_000)
})
