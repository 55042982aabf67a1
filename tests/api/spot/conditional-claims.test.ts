import type { SpotOrder } from '@common/spot/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { SpotService } from '../../../server/modules/spot/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotBalance } from './helpers'

/**
 * A price that fires more conditional orders than one transaction claims (issue 38): the first
 * ones are claimed and placed in the transaction of the trade that fired them, the rest by the
 * transactions after it, in the order the price passed their triggers; a fired order not
 * claimed yet can still be cancelled (then it never trades), and a restart claims what was left.
 * Run on an engine of its own (claimsPerPass lowered), on the harness's database.
 */
describe.each(backends)('spot fired orders claimed over several transactions on %s', (backend) => {
  let h: Harness
  let alice: Registered
  let maker: Registered
  let taker: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    alice = await registerEmail(h.app, h.db)
    maker = await registerEmail(h.app, h.db)
    taker = await registerEmail(h.app, h.db)
    for (const u of [maker, taker]) {
      await fund(h.db, u.userId, 'BTC', '10')
      await fund(h.db, u.userId, 'USDT', '10000000')
    }
    await fund(h.db, alice.userId, 'BTC', '1')
  })
  afterAll(async () => {
    await h.close()
  })

  const sound = async () => expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  const row = async (id: string) =>
    (
      await sql<{ status: string; triggered_at: Date | null }>`
      select status, triggered_at from spot_order where id = ${id}`.execute(h.db)
    ).rows[0]
  /** Until nothing fired is left to claim (each claim is a transaction on the engine's queue). */
  const claimed = async (svc: SpotService) => {
    do await svc.settled()
    while (svc.triggers.unclaimed() > 0)
  }
  const engine = async (perPass: number) => {
    const svc = new SpotService(h.db)
    await svc.init()
    svc.triggers.claimsPerPass = perPass
    return svc
  }
  const limit = (svc: SpotService, who: Registered, side: 'buy' | 'sell', price: string, amount: string) =>
    svc.place(who.userId, { symbol: 'BTCUSDT', side, type: 'limit', price, amount })
  /** Five stop-market sells of 0.01 BTC, triggers 59,900 down to 59,500, placed highest last. */
  const stops = async (svc: SpotService): Promise<SpotOrder[]> => {
    const out: SpotOrder[] = []
    for (const trigger of ['59500', '59600', '59700', '59800', '59900'])
      out.push(
        await svc.place(alice.userId, {
          symbol: 'BTCUSDT',
          side: 'sell',
          type: 'stop_market',
          triggerPrice: trigger,
          amount: '0.01',
        }),
      )
    return out
  }
  /** The stops' ids in the order they traded (their fills' ids). */
  const tradedOrder = async (ids: string[]) =>
    (
      await sql<{ taker_order_id: string }>`
        select taker_order_id from spot_trade
        where taker_order_id in (select value::bigint from json_array_elements_text(${JSON.stringify(ids)}::json))
        order by id`.execute(h.db)
    ).rows.map((r) => String(r.taker_order_id))

  it('fires every stop a trade passes, two per transaction, in trigger-price order; a cancel before its claim wins', async () => {
    const svc = await engine(2)
    await limit(svc, maker, 'sell', '60000', '0.01')
    await limit(svc, taker, 'buy', '60000', '0.01')
    const placed = await stops(svc)
    expect(await spotBalance(h.db, alice.userId, 'BTC')).toEqual({ available: '0.95', frozen: '0.05' })
    await limit(svc, taker, 'buy', '59000', '1')
    // One trade at 59,400 passes all five triggers.
    await limit(svc, maker, 'sell', '59400', '0.01')
    const sweep = limit(svc, taker, 'buy', '59400', '0.01')
    // Queued behind the trade: the lowest stop, fired by it but not claimed yet, is cancelled.
    const lowest = placed[0] as SpotOrder
    const cancel = svc.cancel(alice.userId, lowest.id)
    await sweep
    const cancelled = await cancel
    expect(cancelled).toMatchObject({ status: 'cancelled', triggeredAt: null })
    await claimed(svc)

    const rest = placed.slice(1).map((o) => o.id)
    // Highest trigger first (the price fell through them in that order).
    expect(await tradedOrder(rest)).toEqual([...rest].reverse())
    for (const id of rest) expect((await row(id))?.status).toBe('filled')
    expect((await row(lowest.id))?.status).toBe('cancelled')
    // 0.04 sold at 59,000; the cancelled stop's 0.01 back.
    expect(await spotBalance(h.db, alice.userId, 'BTC')).toEqual({ available: '0.96', frozen: '0' })
    await sound()
    for (const who of [maker, taker]) await svc.cancelAll(who.userId)
  })

  it('a restart claims the stops fired and not claimed before it, in the order they fired', async () => {
    const first = await engine(1)
    await limit(first, maker, 'sell', '60000', '0.01')
    await limit(first, taker, 'buy', '60000', '0.01')
    const placed = await stops(first)
    await limit(first, taker, 'buy', '59000', '1')
    await limit(first, maker, 'sell', '59400', '0.01')
    // This engine claims nothing from now on (as if it died once the trade committed): the five
    // stops the trade fires are stamped fired, still waiting.
    first.triggers.owns = () => false
    await limit(first, taker, 'buy', '59400', '0.01')
    await first.settled()
    const ids = placed.map((o) => o.id)
    const states = await Promise.all(ids.map(row))
    expect(states.map((s) => s?.status)).toEqual(ids.map(() => 'waiting'))
    expect(states.every((s) => s?.triggered_at != null)).toBe(true)

    const second = await engine(1)
    await claimed(second)
    expect(await tradedOrder(ids)).toEqual([...ids].reverse())
    for (const id of ids) expect((await row(id))?.status).toBe('filled')
    expect(await spotBalance(h.db, alice.userId, 'BTC')).toEqual({ available: '0.91', frozen: '0' })
    await sound()
  })
})
