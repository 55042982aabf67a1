import { addDays, dayOf, dayStartMs } from '@common/invite/rules'
import type { InviteSummary, Leaderboard, RebateRecord, VipStatus } from '@common/invite/schema'
import { normalize, sub } from '@common/money/decimal'
import type { SpotBalances, SpotOrder } from '@common/spot/schema'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { move, postEntry, readBalances } from '../../../server/ledger/ledger'
import { api, type Registered, registerEmail } from '../accounts/helpers'
import { readyStaff } from '../admin/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { feesBalance, fund, spotApi } from '../spot/helpers'

const HOUR = 3_600_000

async function funding(h: Harness, holder: string, asset = 'USDT'): Promise<string> {
  const [b] = await readBalances(h.db, holder, { account: 'funding', asset })
  return b?.available ?? '0'
}

describe.each(backends)('invitation, rebates and VIP on %s', (backend) => {
  let h: Harness
  let call: ReturnType<typeof api>
  let s: ReturnType<typeof spotApi>
  let inviter: Registered
  let invitee: Registered
  let maker: Registered
  let whale: Registered
  beforeAll(async () => {
    h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    call = api(h.app)
    s = spotApi(h)
    inviter = await registerEmail(h.app, h.db)
    maker = await registerEmail(h.app, h.db)
  })
  afterAll(async () => {
    await call.post('dev/invite/clock', { offsetMs: 0 })
    await h.close()
  })
  afterEach(async () => {
    await call.post('dev/invite/clock', { offsetMs: 0 })
  })

  const sound = async () => expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  /** 01:00 UTC+8 on the day after `day`: inside the daily window. */
  const runAfter = async (day: string) => {
    await call.post('dev/invite/clock', { at: dayStartMs(addDays(day, 1)) + HOUR })
    const r = await call.post<{ day: string; paid: number; rebates: number }>('dev/invite/run')
    expect(r.code, r.msg).toBe(200)
    return r.data
  }
  const summary = async (token: string) => {
    const r = await call.get<InviteSummary>('invite/summary', {}, token)
    expect(r.code, r.msg).toBe(200)
    return r.data
  }
  let tradeDay = ''

  it('shows the code, direct invites and the promotion count over two levels', async () => {
    const mine = await summary(inviter.token)
    expect(mine.code).toMatch(/^[A-Z0-9]{8}$/)
    expect(mine).toMatchObject({ rank: 'ordinary', share: '0.2', direct: 0, second: 0, earned: [] })
    expect(mine.ranks.map((r) => r.rank)).toEqual(['ordinary', 'partner1', 'partner2', 'partner3'])
    invitee = await registerEmail(h.app, h.db, { inviteCode: mine.code })
    const theirs = await summary(invitee.token)
    await registerEmail(h.app, h.db, { inviteCode: theirs.code })
    const after = await summary(inviter.token)
    expect(after).toMatchObject({ direct: 1, second: 1 })
    expect(after.invitees[0]?.id).toMatch(/^.{2}\*{4}.{2}$/)
    expect(after.invitees[0]?.id).not.toBe(invitee.userId)
    expect((await call.get('invite/summary')).code).toBe(1003)
  })

  it("pays the inviter exactly the rank's share of the invitee's fee after the daily job, once, across a restart", async () => {
    await fund(h.db, maker.userId, 'BTC', '1')
    await fund(h.db, invitee.userId, 'USDT', '10000')
    const ask = await s.place(maker.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '60000',
      amount: '0.1',
    })
    expect(ask.code, ask.msg).toBe(200)
    const buy = await s.place(invitee.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      amount: '0.05',
    })
    expect(buy.code, buy.msg).toBe(200)
    expect(buy.data).toMatchObject({ status: 'filled', fee: '3' })
    // And a perpetual: 5 lots (0.005 BTC) at 65,000 taken from the maker, taker fee 0.05 % of 325.
    await fund(h.db, maker.userId, 'USDT', '10000', 'contract')
    await fund(h.db, invitee.userId, 'USDT', '10000', 'contract')
    expect((await call.post('dev/market/index', { symbol: 'BTCUSDT_PERP', price: '65000' })).code).toBe(200)
    const perp = { symbol: 'BTCUSDT_PERP', type: 'limit', lots: 5, leverage: 10, price: '65000' }
    expect((await call.post('contract/order/place', { ...perp, side: 'short' }, maker.token)).code).toBe(200)
    const long = await call.post<{ status: string }>(
      'contract/order/place',
      { ...perp, side: 'long' },
      invitee.token,
    )
    expect(long.code, long.msg).toBe(200)
    expect(long.data.status).toBe('filled')
    tradeDay = dayOf(Date.now())
    const fees = await feesBalance(h.db)

    // Outside 00:00-08:00 UTC+8 nothing is paid.
    await call.post('dev/invite/clock', { at: dayStartMs(addDays(tradeDay, 1)) + 9 * HOUR })
    expect((await call.post<{ paid: number }>('dev/invite/run')).data.paid).toBe(0)
    expect(await funding(h, inviter.userId)).toBe('0')

    const r = await runAfter(tradeDay)
    expect(r).toMatchObject({ day: tradeDay, paid: 1, rebates: 2 })
    // 20 % of the 3 USDT spot fee and of the 0.1625 USDT perpetual fee, from the fees account,
    // in one entry with the rebate reason.
    expect(await funding(h, inviter.userId)).toBe('0.6325')
    expect(await feesBalance(h.db)).toBe(sub(fees, '0.6325'))
    const entries = await h.db
      .selectFrom('ledger_entry')
      .select(['reason', 'ref_type'])
      .where('reason', '=', 'rebate')
      .execute()
    expect(entries).toEqual([{ reason: 'rebate', ref_type: 'invite_rebate' }])

    // Again, and as a freshly started process would: nothing more.
    expect((await runAfter(tradeDay)).paid).toBe(0)
    const restart = await call.post<{ paid: number }>('dev/invite/restart')
    expect(restart.data.paid).toBe(0)
    expect(await funding(h, inviter.userId)).toBe('0.6325')

    const list = await call.get<{ list: RebateRecord[]; hasMore: boolean }>(
      'invite/rebates',
      {},
      inviter.token,
    )
    expect(list.code).toBe(200)
    expect(list.data.list).toHaveLength(2)
    expect(list.data.list.find((x) => x.source === 'contract')).toMatchObject({
      symbol: 'BTCUSDT_PERP',
      role: 'taker',
      fee: '0.1625',
      amount: '0.0325',
    })
    expect(list.data.list.find((x) => x.source === 'spot')).toMatchObject({
      day: tradeDay,
      source: 'spot',
      symbol: 'BTCUSDT',
      role: 'taker',
      asset: 'USDT',
      fee: '3',
      share: '0.2',
      amount: '0.6',
    })
    expect(list.data.list[0]?.invitee).not.toContain(invitee.userId)
    expect((await call.get<{ list: RebateRecord[] }>('invite/rebates', {}, invitee.token)).data.list).toEqual(
      [],
    )
    expect((await call.get('invite/rebates', { size: '500' }, inviter.token)).code).not.toBe(200)
    const mine = await summary(inviter.token)
    expect(mine).toMatchObject({
      active: 1,
      volume30d: '3325',
      earned: [{ asset: 'USDT', amount: '0.6325' }],
    })
    await sound()
  })

  it('a VIP tier from the daily snapshot lowers the fee of the next order, and the VIP centre shows it', async () => {
    whale = await registerEmail(h.app, h.db)
    await fund(h.db, whale.userId, 'USDT', '400000', 'funding')
    await fund(h.db, whale.userId, 'USDT', '1000')
    const before = await call.get<VipStatus>('vip/status', {}, whale.token)
    expect(before.code, before.msg).toBe(200)
    expect(before.data).toMatchObject({ tier: 'none', assets: '401000', feeFactor: '1', lastSnapshot: null })
    // Gold is met but not in force before the next snapshot; the next tier to reach is Diamond.
    expect(before.data.next).toEqual({ tier: 'diamond', minAssets: '1000000', missing: '599000' })
    expect(before.data.tiers.map((t) => [t.tier, t.minAssets])).toEqual([
      ['gold', '300000'],
      ['diamond', '1000000'],
      ['premium', '3000000'],
    ])

    const day = addDays(tradeDay, 1)
    await runAfter(day)
    const vip = await call.get<VipStatus>('vip/status', {}, whale.token)
    expect(vip.data).toMatchObject({
      tier: 'gold',
      feeFactor: '0.8',
      shortfallDaysLeft: null,
      lastSnapshot: { day, assets: '401000' },
      history: [{ day, assets: '401000', tier: 'gold' }],
    })
    expect(vip.data.next).toMatchObject({ tier: 'diamond', missing: '599000' })
    // The order form's fee estimate reads the caller's rates; freezing keeps the instrument's.
    const bal = await call.get<SpotBalances>('spot/balance', { symbol: 'BTCUSDT' }, whale.token)
    expect(bal.data).toMatchObject({ makerFee: '0.001', takerFee: '0.001' })
    expect(bal.data.feeRates).toEqual({ maker: '0.0008', taker: '0.0008' })

    await fund(h.db, maker.userId, 'BTC', '0.01')
    expect(
      (
        await s.place(maker.token, {
          symbol: 'BTCUSDT',
          side: 'sell',
          type: 'limit',
          price: '60000',
          amount: '0.01',
        })
      ).code,
    ).toBe(200)
    const buy = await s.place(whale.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      amount: '0.01',
    })
    expect(buy.code, buy.msg).toBe(200)
    // 600 USDT at the taker rate 0.1 % x 0.8 = 0.48 (0.6 without the tier).
    expect((buy.data as SpotOrder).fee).toBe('0.48')
    // Perpetuals too: 5 lots at 65,000 = 325 USDT at the taker rate 0.05 % x 0.8 = 0.13 (0.1625 without).
    await fund(h.db, whale.userId, 'USDT', '1000', 'contract')
    const perp = { symbol: 'BTCUSDT_PERP', type: 'limit', lots: 5, leverage: 10, price: '65000' }
    expect((await call.post('contract/order/place', { ...perp, side: 'short' }, maker.token)).code).toBe(200)
    const long = await call.post('contract/order/place', { ...perp, side: 'long' }, whale.token)
    expect(long.code, long.msg).toBe(200)
    const fill = await h.db
      .selectFrom('contract_fill')
      .select(['fee', 'role'])
      .where('holder', '=', whale.userId)
      .executeTakeFirstOrThrow()
    expect({ ...fill, fee: normalize(fill.fee) }).toEqual({ fee: '0.13', role: 'taker' })
    await sound()
  })

  it('ranks traders with masked names, lets users hide themselves, and validates the kind', async () => {
    const board = await call.get<Leaderboard>('leaderboard', { kind: 'volume7d' }, invitee.token)
    expect(board.code, board.msg).toBe(200)
    const me = board.data.rows.find((r) => r.me)
    expect(me).toBeDefined()
    expect(me?.name).toContain('***')
    expect((await call.get<Leaderboard>('leaderboard', { kind: 'inviters' })).data.rows[0]).toMatchObject({
      place: 1,
      value: '1',
    })
    const hide = await call.post('invite/prefs', { hideLeaderboard: true }, invitee.token)
    expect(hide.code).toBe(200)
    const after = await call.get<Leaderboard>('leaderboard', { kind: 'volume7d' }, invitee.token)
    expect(after.data.hidden).toBe(true)
    expect(after.data.rows.some((r) => r.me)).toBe(false)
    expect((await call.get('leaderboard', { kind: 'bogus' })).code).not.toBe(200)
    expect((await call.post('invite/prefs', { hideLeaderboard: 'yes' }, invitee.token)).code).not.toBe(200)
  })
  it('operators grant a partner rank (audited), which raises the rebate share; users cannot', async () => {
    const op = await readyStaff(h.app, h.db, 'operator')
    expect(
      (
        await call.post(
          'admin/invite/partner',
          { userId: inviter.userId, rank: 'partner2', reason: 'x' },
          inviter.token,
        )
      ).code,
    ).not.toBe(200)
    const bad = await call.post(
      'admin/invite/partner',
      { userId: inviter.userId, rank: 'king', reason: 'x' },
      op.token,
    )
    expect(bad.code).not.toBe(200)
    const r = await call.post<{ rank: string }>(
      'admin/invite/partner',
      { userId: inviter.userId, rank: 'partner2', reason: 'Regional partner agreement' },
      op.token,
    )
    expect(r.code, r.msg).toBe(200)
    expect(r.data.rank).toBe('partner2')
    expect(await summary(inviter.token)).toMatchObject({ rank: 'partner2', share: '0.35' })
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'reason'])
      .where('action', '=', 'invite.partner')
      .execute()
    expect(audit).toEqual([
      { action: 'invite.partner', target_id: inviter.userId, reason: 'Regional partner agreement' },
    ])
    const overview = await call.get<{ partners: { userId: string; rank: string }[] }>(
      'admin/invite/overview',
      {},
      op.token,
    )
    expect(overview.data.partners).toEqual([
      expect.objectContaining({ userId: inviter.userId, rank: 'partner2' }),
    ])
  })
  it('operators change tier thresholds, fee factors and shares (validated, audited); the VIP centre shows them', async () => {
    const op = await readyStaff(h.app, h.db, 'operator')
    const o = await call.get<{
      tiers: unknown[]
      ranks: { rank: string; minActive: number; minVolume: string; share: string }[]
    }>('admin/invite/overview', {}, op.token)
    const tiers = [
      { tier: 'gold', minAssets: '250000', feeFactor: '0.85' },
      { tier: 'diamond', minAssets: '1000000', feeFactor: '0.7' },
      { tier: 'premium', minAssets: '3000000', feeFactor: '0.5' },
    ]
    const bad = await call.post(
      'admin/invite/config',
      { tiers: [{ ...tiers[0], feeFactor: '1.5' }, tiers[1], tiers[2]], ranks: o.data.ranks },
      op.token,
    )
    expect(bad.code).not.toBe(200)
    expect(
      (await call.post('admin/invite/config', { tiers, ranks: o.data.ranks }, inviter.token)).code,
    ).not.toBe(200)
    const r = await call.post('admin/invite/config', { tiers, ranks: o.data.ranks }, op.token)
    expect(r.code, r.msg).toBe(200)
    const vip = await call.get<VipStatus>('vip/status', {}, inviter.token)
    expect(vip.data.tiers[0]).toEqual({ tier: 'gold', minAssets: '250000', feeFactor: '0.85' })
    const audit = await h.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'invite.config')
      .execute()
    expect(audit).toHaveLength(1)
  })
  it('a shortfall keeps the tier and shows the countdown for 6 days; the 7th cancels the special fee', async () => {
    await h.db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'adjustment',
        refType: 'test',
        postings: move(
          { holder: whale.userId, account: 'funding', asset: 'USDT' },
          { holder: 'system', account: 'treasury', asset: 'USDT' },
          '400000',
        ),
      }),
    )
    const status = async () => (await call.get<VipStatus>('vip/status', {}, whale.token)).data
    await runAfter(addDays(tradeDay, 2))
    expect(await status()).toMatchObject({ tier: 'gold', shortfallDaysLeft: 6, feeFactor: '0.85' })
    for (let i = 3; i <= 7; i++) await runAfter(addDays(tradeDay, i))
    expect(await status()).toMatchObject({ tier: 'gold', shortfallDaysLeft: 1 })
    await runAfter(addDays(tradeDay, 8))
    const after = await status()
    expect(after).toMatchObject({ tier: 'none', shortfallDaysLeft: null, feeFactor: '1' })
    expect(after.history[0]).toMatchObject({ day: addDays(tradeDay, 8), tier: 'none' })
    await sound()
  })
})
