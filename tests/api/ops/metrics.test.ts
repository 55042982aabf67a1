import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addReadyCheck } from '../../../server/platform/health/readiness'
import { type MetricsServer, startMetricsServer } from '../../../server/platform/metrics/server'
import { type Registered, registerEmail } from '../accounts/helpers'
import { BTC, contractApi, fundContract } from '../contract/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi } from '../spot/helpers'

/** Samples of a Prometheus text exposition: name, labels, value. */
function parse(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out: { name: string; labels: Record<string, string>; value: number }[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m) continue
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1] as string] = l[2] as string
    out.push({ name: m[1] as string, labels, value: Number(m[3]) })
  }
  return out
}

describe.each(backends)('metrics on %s', (backend) => {
  let h: Harness
  let server: MetricsServer
  let alice: Registered
  let bob: Registered

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`)
    expect(res.status).toBe(200)
    return parse(await res.text())
  }
  const value = (samples: ReturnType<typeof parse>, name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((a, s) => a + s.value, 0)

  beforeAll(async () => {
    h = await startHarness(backend)
    const started = await startMetricsServer({ port: 0, host: '127.0.0.1' })
    if (!started) throw new Error('metrics server did not start')
    server = started
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
    await fund(h.db, alice.userId, 'USDT', '100000')
    await fundContract(h.db, bob.userId, '10000')
    expect((await contractApi(h).index(BTC, '65000')).code).toBe(200)
  })
  afterAll(async () => {
    await server.close()
    await h.close()
  })

  it('counts a spot order, its cancel, a refused order and a contract order, with HTTP by route pattern', async () => {
    const spot = spotApi(h)
    const before = await scrape()
    const placed = await spot.place(alice.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      amount: '0.01',
    })
    expect(placed.code, placed.msg).toBe(200)
    expect((await spot.cancel(alice.token, placed.data.id)).code).toBe(200)
    // Bob has no spot USDT: refused for the balance.
    const refused = await spot.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      amount: '0.01',
    })
    expect(refused.code).not.toBe(200)
    const contract = await contractApi(h).place(bob.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 1,
      leverage: 10,
      price: '60000',
    })
    expect(contract.code, contract.msg).toBe(200)

    const after = await scrape()
    const moved = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels)
    const spotL = { market: 'BTCUSDT', kind: 'spot' }
    expect(moved('exchange_orders_total', { ...spotL, result: 'placed' })).toBe(1)
    expect(moved('exchange_orders_total', { ...spotL, result: 'cancelled' })).toBe(1)
    expect(moved('exchange_orders_total', { ...spotL, result: 'rejected' })).toBe(1)
    expect(moved('exchange_order_rejections_total', spotL)).toBe(1)
    expect(moved('exchange_orders_total', { market: BTC, kind: 'contract', result: 'placed' })).toBe(1)
    expect(moved('exchange_order_commit_seconds_count', { kind: 'spot' })).toBeGreaterThanOrEqual(2)
    expect(moved('exchange_order_commit_seconds_count', { kind: 'contract' })).toBe(1)
    expect(moved('exchange_order_batch_size_count', { kind: 'spot' })).toBeGreaterThanOrEqual(2)
    // HTTP by the route pattern (two spot placements, one contract), never a raw URL with an id in it.
    expect(
      moved('http_request_duration_seconds_count', { route: '/api/spot/order/place', code: '200' }),
    ).toBe(2)
    expect(
      moved('http_request_duration_seconds_count', { route: '/api/contract/order/place', code: '200' }),
    ).toBe(1)
    const routes = new Set(after.filter((s) => s.name.startsWith('http_')).map((s) => s.labels.route))
    for (const r of routes) expect(r).not.toContain(placed.data.id)
    // No series carries a user.
    const text = JSON.stringify(after)
    for (const u of [alice.userId, bob.userId]) expect(text).not.toContain(u)
    // Process metrics come with it.
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true)
    expect(after.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true)
  })

  it('answers /api/ready 200 when migrated, and 503 naming what a role still misses', async () => {
    const ready = await h.app.inject({ method: 'GET', url: '/api/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json().data).toEqual({ ready: true, failing: [] })
    let owning = false
    addReadyCheck('core', () => (owning ? null : 'ownership passes not started'))
    const notYet = await h.app.inject({ method: 'GET', url: '/api/ready' })
    expect(notYet.statusCode).toBe(503)
    expect(notYet.json().data.failing).toEqual(['core: ownership passes not started'])
    owning = true
    expect((await h.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
    // Liveness stays what it was: the process and its database answer.
    expect((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('answers only /metrics on its port', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(404)
  })
})
