import type { C2cAd, C2cOrder } from '@common/c2c/schema'
import { sql } from 'kysely'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { type api, registerEmail } from '../accounts/helpers'
import type { Harness } from '../harness'
import { fund } from '../spot/helpers'

export type Call = ReturnType<typeof api>

export async function funding(db: Db, holder: string, asset = 'USDT') {
  const [b] = await readBalances(db, holder, { account: 'funding', asset })
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
}

/**
 * The ledger balances, no user below zero, and every C2C escrow is accounted for: each user's
 * frozen funding equals what their on-shelf sell ads have left plus their open orders as seller.
 */
export async function expectSound(db: Db): Promise<void> {
  const report = await checkLedger(db)
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true)
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from balance where holder <> 'system' and (available < 0 or frozen < 0)`.execute(
    db,
  )
  expect(rows[0]?.n).toBe(0)
  const { rows: off } = await sql<{ holder: string; asset: string; frozen: string; escrow: string }>`
    with escrow as (
      select user_id as holder, coin as asset, remaining as q from c2c_ad where side = 'sell' and status = 'online'
      union all
      select seller_id, coin, quantity from c2c_order where status in ('unpaid', 'paid', 'appeal')
    ), per as (select holder, asset, sum(q) as escrow from escrow group by holder, asset)
    select b.holder, b.asset, b.frozen::text, coalesce(p.escrow, 0)::text as escrow
    from balance b left join per p on p.holder = b.holder and p.asset = b.asset
    where b.account = 'funding' and b.holder <> 'system' and b.frozen <> coalesce(p.escrow, 0)
      and (b.holder in (select user_id from c2c_ad) or b.holder in (select seller_id from c2c_order))`.execute(
    db,
  )
  expect(off).toEqual([])
}

export interface Trader {
  token: string
  userId: string
  name: string
}

let n = 0
/**
 * A registered user with identity approved in review (fiat C2C needs it), or with basic details only
 * (`basic: true`, as /user/identity/basic stores them), and, optionally, a bank card.
 */
export async function trader(
  h: Harness,
  call: Call,
  opts: { bank?: boolean; usdt?: string; basic?: boolean } = {},
): Promise<Trader> {
  const u = await registerEmail(h.app, h.db)
  const name = `Trader ${String.fromCharCode(65 + (n++ % 26))}${n}`
  await h.db
    .insertInto('identity')
    .values({
      user_id: u.userId,
      nationality: 'TW',
      real_name: name,
      id_number: `A${1000000 + n}`,
      ...(opts.basic ? {} : { advanced_status: 'verified' as const, reviewed_at: new Date() }),
    })
    .execute()
  if (opts.bank !== false) {
    const r = await call.post(
      'c2c/payment/save',
      { kind: 'bank', name, bank: 'Test Bank', branch: 'Taipei', account: '6222000011112222' },
      u.token,
    )
    expect(r.code, r.msg).toBe(200)
  }
  if (opts.usdt) await fund(h.db, u.userId, 'USDT', opts.usdt, 'funding')
  return { token: u.token, userId: u.userId, name }
}

export async function publish(call: Call, t: Trader, body: Record<string, unknown>): Promise<C2cAd> {
  const r = await call.post<C2cAd>(
    'c2c/ad/save',
    {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      price: '7',
      total: '100',
      minAmount: '70',
      maxAmount: '700',
      payKinds: ['bank'],
      ...body,
    },
    t.token,
  )
  expect(r.code, r.msg).toBe(200)
  return r.data
}

export async function order(call: Call, t: Trader, body: Record<string, unknown>): Promise<C2cOrder> {
  const r = await call.post<C2cOrder>('c2c/order/create', body, t.token)
  expect(r.code, r.msg).toBe(200)
  return r.data
}
