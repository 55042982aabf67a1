import { DEFAULT_LANG, LANG_CODES } from '@common/i18n/languages'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MarketData } from '../../../server/market/service'
import { OptionJobs } from '../../../server/modules/option/jobs'
import { optionService } from '../../../server/modules/option/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, sql, startHarness } from '../harness'
import { BTC, expectSound, fundOption, nextBase, optionApi, optionBalance, systemBalance } from './helpers'

describe.each(backends)('short-term options on %s', (backend) => {
  let h: Harness
  let o: ReturnType<typeof optionApi>
  let alice: Registered
  let bob: Registered
  let carol: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    o = optionApi(h)
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
    carol = await registerEmail(h.app, h.db)
    for (const u of [alice, bob, carol]) await fundOption(h.db, u.userId, '1000')
    expect((await o.index(BTC, '65000')).code).toBe(200)
  })
  afterAll(async () => {
    await h.close()
  })

  /** Buys into the 30 s round starting at `start` (the clock 1 s after the boundary before it). */
  async function round30(start: number) {
    await o.clock(start - 29)
    const r = await o.rounds()
    expect(r.code, r.msg).toBe(200)
    const round = r.data.rounds.find((x) => x.period === 30)
    expect(round).toMatchObject({
      startAt: start * 1000,
      cutoffAt: (start - 5) * 1000,
      deliveryAt: (start + 30) * 1000,
    })
    return round as NonNullable<typeof round>
  }

  it('fresh install: options on the major pairs, every period, a funded pool', async () => {
    const r = await o.rounds()
    expect(r.data.symbols).toEqual(
      expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'DOGEUSDT']),
    )
    expect(r.data.rounds.map((x) => x.period)).toEqual([30, 60, 300, 3600, 86400])
    expect(r.data.rounds[0]).toMatchObject({
      upRate: '0.8',
      downRate: '0.8',
      flatRate: '3',
      minAmount: '10',
      status: 'open',
    })
    expect(await systemBalance(h.db, 'option_pool')).toBe('500000')
    // Day rounds start at 00:00 UTC+8.
    const day = r.data.rounds.find((x) => x.period === 86400)
    expect(((day?.startAt ?? 1) / 1000 + 8 * 3600) % 86400).toBe(0)
  })

  it('up wins, down loses: principal and fee at purchase, payout from the pool, public proof', async () => {
    const S = nextBase()
    const round = await round30(S)
    const poolBefore = await systemBalance(h.db, 'option_pool')
    const feesBefore = await systemBalance(h.db, 'fees')
    const a = await o.order(alice.token, { symbol: BTC, period: 30, type: 'up', amount: '100' })
    expect(a.code, a.msg).toBe(200)
    expect(a.data).toMatchObject({
      roundId: round.id,
      status: 'waiting',
      amount: '100',
      fee: '0.2',
      rate: '0.8',
      expectedProfit: '80',
    })
    expect(await optionBalance(h.db, alice.userId)).toEqual({ available: '899.8', frozen: '100' })
    const b = await o.order(bob.token, { symbol: BTC, period: 30, type: 'down', amount: '50' })
    expect(b.code, b.msg).toBe(200)
    expect(await systemBalance(h.db, 'fees')).toBe(String(Number(feesBefore) + 0.3))

    // Index at the start second 65,000, at delivery 65,100 (band 65,000 x 0.00002 = 1.3): up.
    await o.tick(S, '65000')
    await o.tick(S + 15, '64000')
    await o.tick(S + 30, '65100')
    await o.clock(S + 10)
    expect((await o.settle(round.id)).data.settled).toBeNull() // not delivered yet
    const open = await o.orders(alice.token, 'open')
    expect(open.data.list[0]).toMatchObject({ id: a.data.id, status: 'waiting' })
    await o.clock(S + 33)
    const s = await o.settle(round.id)
    expect(s.data.settled).toEqual({ result: 'up', orders: 2 })

    expect(await optionBalance(h.db, alice.userId)).toEqual({ available: '1079.8', frozen: '0' })
    expect(await optionBalance(h.db, bob.userId)).toEqual({ available: '949.9', frozen: '0' })
    expect(await systemBalance(h.db, 'option_pool')).toBe(String(Number(poolBefore) + 50 - 80))
    const done = await o.orders(alice.token, 'settled')
    expect(done.data.list[0]).toMatchObject({
      outcome: 'win',
      payout: '180',
      openPrice: '65000',
      closePrice: '65100',
      status: 'settled',
    })
    const lost = await o.orders(bob.token, 'settled')
    expect(lost.data.list[0]).toMatchObject({ outcome: 'lose', payout: '0' })
    const proof = await o.round(round.id)
    expect(proof.data).toMatchObject({
      status: 'settled',
      result: 'up',
      openPrice: '65000',
      openTickAt: S * 1000 + 500,
      closePrice: '65100',
      closeTickAt: (S + 30) * 1000 + 500,
      band: '1.3',
    })
    // One in-app notification per order, in every app language, written by the settlement.
    const { rows: notes } = await sql<{
      user_id: string
      title: string
      body: string
      texts: Record<string, { title: string; body: string }>
    }>`
      select user_id, title, body, texts from notification where user_id in (${alice.userId}, ${bob.userId})
      order by id`.execute(h.db)
    expect(notes.map((n) => n.user_id)).toEqual([alice.userId, bob.userId])
    expect(notes[0]?.texts.en).toEqual({
      title: 'BTCUSDT option settled',
      body: 'Your up option of 100 USDT won: 180 USDT paid (open 65000, close 65100).',
    })
    expect(notes[1]?.texts.en?.body).toBe(
      'Your down option of 50 USDT did not win (open 65000, close 65100).',
    )
    // Without a subscribed device, title and body are in the default language.
    expect({ title: notes[0]?.title, body: notes[0]?.body }).toEqual(notes[0]?.texts[DEFAULT_LANG])
    expect(Object.keys(notes[0]?.texts ?? {}).sort()).toEqual([...LANG_CODES].sort())
    expect(notes[0]?.texts.tw?.body).toContain('180 USDT')
    // Another user's orders are not listed to anyone else.
    expect((await o.orders(carol.token)).data.list).toEqual([])
    await expectSound(h.db)
  })

  it('flat: inside the band flat wins at its rate, up and down lose', async () => {
    const S = nextBase()
    const round = await round30(S)
    expect((await o.order(carol.token, { symbol: BTC, period: 30, type: 'flat', amount: '10' })).code).toBe(
      200,
    )
    expect((await o.order(alice.token, { symbol: BTC, period: 30, type: 'up', amount: '20' })).code).toBe(200)
    await o.tick(S, '65000')
    await o.tick(S + 30, '65001.3') // exactly at the band edge: flat
    await o.clock(S + 33)
    expect((await o.settle(round.id)).data.settled).toEqual({ result: 'flat', orders: 2 })
    expect((await o.orders(carol.token, 'settled')).data.list[0]).toMatchObject({
      outcome: 'win',
      payout: '40',
    })
    expect((await o.orders(alice.token, 'settled')).data.list[0]).toMatchObject({
      outcome: 'lose',
      payout: '0',
    })
    await expectSound(h.db)
  })

  it('refuses below the minimum, bad input, after the cut-off goes to the next round, pool worst case', async () => {
    const S = nextBase()
    await round30(S)
    const before = await optionBalance(h.db, alice.userId)
    const low = await o.order(alice.token, { symbol: BTC, period: 30, type: 'up', amount: '9.99' })
    expect(low.code).toBe(2000)
    expect(low.msg).toBe('Trading amount below the minimum')
    for (const body of [
      { symbol: BTC, period: 45, type: 'up', amount: '10' },
      { symbol: BTC, period: 30, type: 'sideways', amount: '10' },
      { symbol: BTC, period: 30, type: 'up', amount: '-10' },
      { symbol: 'ADAUSDT', period: 30, type: 'up', amount: '10' },
    ]) {
      const r = await o.order(alice.token, body)
      expect(r.code, JSON.stringify(body)).not.toBe(200)
    }
    expect((await o.post('option/order', { symbol: BTC, period: 30, type: 'up', amount: '10' })).code).toBe(
      1003,
    )
    // Finer than USDT's 6 places: refused with the limit, as everywhere else.
    const fine = await o.post<{ field: string; reason: string; precision: number }>(
      'option/order',
      { symbol: BTC, period: 30, type: 'up', amount: '10.0000001' },
      alice.token,
    )
    expect(fine.code).toBe(1101)
    expect(fine.data).toMatchObject({ field: 'amount', reason: 'too_many_decimals', precision: 6 })
    expect(fine.msg).toContain('at most 6 decimal places')
    expect(await optionBalance(h.db, alice.userId)).toEqual(before)
    // Inside the cut-off (4 s before the start) an order joins the round after.
    await o.clock(S - 4)
    const late = await o.order(alice.token, { symbol: BTC, period: 30, type: 'up', amount: '10' })
    expect(late.code, late.msg).toBe(200)
    expect(late.data.startAt).toBe((S + 30) * 1000)
    // A flat call paying 3x: 200,000 would cost the pool up to 600,000 > 500,000: refused, nothing taken.
    const whale = await registerEmail(h.app, h.db)
    await fundOption(h.db, whale.userId, '300000')
    const big = await o.order(whale.token, { symbol: BTC, period: 30, type: 'flat', amount: '200000' })
    expect(big.code).toBe(2002)
    expect(await optionBalance(h.db, whale.userId)).toEqual({ available: '300000', frozen: '0' })
    expect((await o.order(whale.token, { symbol: BTC, period: 30, type: 'flat', amount: '1000' })).code).toBe(
      200,
    )
    await expectSound(h.db)
  })

  it('a restart between cut-off and delivery settles from the delivery-second tick, never a later one', async () => {
    const S = nextBase()
    const round = await round30(S)
    expect((await o.order(bob.token, { symbol: BTC, period: 30, type: 'down', amount: '100' })).code).toBe(
      200,
    )
    await o.clock(S - 2) // past the cut-off
    await o.tick(S, '65000')
    expect((await o.restart()).code).toBe(200) // the process is gone before delivery
    await o.tick(S + 30, '64900') // down at the delivery second
    await o.tick(S + 45, '70000') // later prices, recorded while nobody settled
    await o.tick(S + 200, '71000')
    await o.clock(S + 300)
    const r = await o.settle() // the scheduler's pass after the restart
    expect(r.data.rounds).toBeGreaterThanOrEqual(1)
    const proof = await o.round(round.id)
    expect(proof.data).toMatchObject({
      status: 'settled',
      result: 'down',
      closePrice: '64900',
      closeTickAt: (S + 30) * 1000 + 500,
    })
    expect((await o.orders(bob.token, 'settled')).data.list[0]).toMatchObject({
      outcome: 'win',
      payout: '180',
    })
    await expectSound(h.db)
  })

  it('a round without a recorded tick at its delivery second is void: everyone refunded', async () => {
    const S = nextBase()
    const round = await round30(S)
    const before = await optionBalance(h.db, carol.userId)
    expect((await o.order(carol.token, { symbol: BTC, period: 30, type: 'up', amount: '10' })).code).toBe(200)
    await o.tick(S, '65000')
    await o.tick(S + 40, '66000') // after the delivery second only
    await o.clock(S + 60)
    expect((await o.settle(round.id)).data.settled).toEqual({ result: 'void', orders: 1 })
    expect(await optionBalance(h.db, carol.userId)).toEqual(before)
    expect((await o.round(round.id)).data).toMatchObject({ status: 'void', closePrice: null, result: null })
    const { rows: notes } = await sql<{ texts: Record<string, { body: string }> }>`
      select texts from notification where user_id = ${carol.userId} order by id desc limit 1`.execute(h.db)
    expect(notes[0]?.texts.en?.body).toBe(
      'The round had no recorded price: your 10 USDT and the fee were refunded.',
    )
    await expectSound(h.db)
  })

  it('settles exactly once: concurrent and repeated passes pay each order once', async () => {
    const S = nextBase()
    const round = await round30(S)
    for (const u of [alice, bob, carol])
      expect((await o.order(u.token, { symbol: BTC, period: 30, type: 'up', amount: '10' })).code).toBe(200)
    await o.tick(S, '65000')
    await o.tick(S + 30, '65500')
    await o.clock(S + 33)
    const results = await Promise.all([o.settle(round.id), o.settle(round.id), o.settle(round.id)])
    const winners = results.filter((r) => r.data.settled !== null)
    expect(winners.length).toBe(1)
    expect(winners[0]?.data.settled).toEqual({ result: 'up', orders: 3 })
    await o.settle() // a scheduler pass after it finds nothing left to pay
    expect((await o.settle(round.id)).data.settled).toBeNull()
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_entry e join option_order o on e.ref_type = 'option_order' and e.ref_id = o.id::text
      where o.round_id = ${round.id} and e.reason = 'option_settlement'`.execute(h.db)
    expect(rows[0]?.n).toBe(3)
    await expectSound(h.db)
  })

  it('a round that fails to settle is logged and stays due; the rounds after it still settle', async () => {
    const S = nextBase()
    const first = await round30(S)
    expect((await o.order(alice.token, { symbol: BTC, period: 30, type: 'up', amount: '10' })).code).toBe(200)
    const second = await round30(S + 30)
    expect((await o.order(bob.token, { symbol: BTC, period: 30, type: 'up', amount: '10' })).code).toBe(200)
    await o.tick(S, '65000')
    await o.tick(S + 30, '65500')
    await o.tick(S + 60, '66000')
    await o.clock(S + 70)
    const svc = optionService(h.db)
    const real = svc.settleRoundTx.bind(svc)
    const spy = vi.spyOn(svc, 'settleRoundTx').mockImplementation(async (id) => {
      if (String(id) === first.id) throw new Error('settlement failed')
      return real(id)
    })
    const log = { warn: vi.fn(), info: vi.fn() }
    try {
      // The scheduler's pass: the first round fails, the one after it is settled all the same.
      await new OptionJobs(h.db, {} as MarketData, log).pass()
    } finally {
      spy.mockRestore()
    }
    expect((await o.round(first.id)).data.status).toBe('open')
    expect((await o.round(second.id)).data).toMatchObject({ status: 'settled', result: 'up' })
    const warned = log.warn.mock.calls.filter(([, m]) => m === 'option round settlement failed')
    expect(warned.map(([x]) => String((x as { round: unknown }).round))).toEqual([first.id])
    // Still due: the next pass settles it.
    await o.settle()
    expect((await o.round(first.id)).data).toMatchObject({ status: 'settled', result: 'up' })
    expect((await o.orders(alice.token, 'settled')).data.list[0]).toMatchObject({ outcome: 'win' })
    await expectSound(h.db)
  })

  it('round proofs are public; an unknown round is not found', async () => {
    expect((await o.round('999999')).code).toBe(2003)
    const list = await o.get<{ status: string }[]>('option/rounds/settled', { symbol: BTC })
    expect(list.data.length).toBeGreaterThan(0)
    expect(list.data.every((r) => r.status === 'settled' || r.status === 'void')).toBe(true)
  })
})
