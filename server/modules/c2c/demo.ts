import { DEMO_MERCHANT_PREFIX, type PayKind } from '@common/c2c/rules'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { move, postEntry } from '../../ledger/ledger'
import { lockSeed } from '../../ledger/seed'
import { newInviteCode } from '../../platform/identity/users'
import { freezeEscrow } from './escrow'
import { fundingOf } from './model'
import * as repo from './repo'

/** Demo merchants of a fresh install: [id, nickname, real name]. Funded from the treasury. */
const DEMO = [
  [`${DEMO_MERCHANT_PREFIX}1`, 'Harbor OTC', 'Lin Harbor'],
  [`${DEMO_MERCHANT_PREFIX}2`, 'Swift Exchange Desk', 'Chen Swift'],
] as const
/** [maker, side, coin, fiat, price, total, min, max, kinds] */
const DEMO_ADS: [number, 'buy' | 'sell', string, string, string, string, string, string, PayKind[]][] = [
  [0, 'sell', 'USDT', 'CNY', '7.25', '20000', '100', '50000', ['bank', 'alipay', 'wechat']],
  [1, 'sell', 'USDT', 'CNY', '7.28', '15000', '500', '80000', ['bank', 'alipay']],
  [0, 'buy', 'USDT', 'CNY', '7.12', '20000', '100', '50000', ['bank', 'alipay']],
  [1, 'sell', 'USDT', 'USD', '1.01', '10000', '50', '5000', ['bank']],
  [0, 'sell', 'USDT', 'TWD', '32.6', '10000', '1000', '200000', ['bank']],
  [1, 'sell', 'BTC', 'CNY', '690000', '0.5', '1000', '200000', ['bank', 'alipay']],
  [0, 'sell', 'ETH', 'CNY', '25000', '5', '500', '100000', ['bank', 'wechat']],
]

/** Publishes the example ads once (an advisory lock and a ledger reference make it idempotent). */
export function seedDemo(db: Db): Promise<void> {
  return db.transaction().execute(async (trx) => {
    if (await lockSeed(trx, 'c2c.demo_seed', 'c2c_demo_seed')) return
    for (const [id, nickname, realName] of DEMO) {
      await trx
        .insertInto('users')
        .values({
          id,
          // Cannot log in: no phone or e-mail, and no password verifies against this.
          password_hash: '!',
          nickname,
          invite_code: newInviteCode(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      await trx
        .insertInto('identity')
        // System accounts the install vouches for: approved, so their merchant badge shows.
        .values({
          user_id: id,
          nationality: 'TW',
          real_name: realName,
          id_number: 'DEMO',
          advanced_status: 'verified',
          reviewed_at: new Date(),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute()
      await trx
        .insertInto('c2c_merchant')
        .values({ user_id: id })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute()
      for (const [kind, account, bank, branch] of [
        ['bank', '6222020200112233445', 'Demo Bank', 'Main branch'],
        ['alipay', `${id}@alipay.example`, null, null],
        ['wechat', `${id}-wx`, null, null],
      ] as const)
        await repo.insertPayment(trx, { user_id: id, kind, name: realName, account, bank, branch })
    }
    const need = new Map<string, string>()
    for (const [m, side, coin, , , total] of DEMO_ADS)
      if (side === 'sell') {
        const k = `${m}:${coin}`
        need.set(k, add(need.get(k) ?? '0', total))
      }
    await postEntry(trx, {
      reason: 'c2c_demo_funding',
      refType: 'c2c_demo_seed',
      memo: 'C2C demo merchants: funded from the treasury',
      postings: [...need].flatMap(([k, amount]) => {
        const [m, coin] = k.split(':') as [string, string]
        return move(
          { holder: SYSTEM_HOLDER, account: 'treasury', asset: coin },
          fundingOf(DEMO[Number(m)]?.[0] as string, coin),
          amount,
        )
      }),
    })
    for (const [m, side, coin, fiat, price, total, min, max, kinds] of DEMO_ADS) {
      const userId = DEMO[m]?.[0] as string
      const ad = await repo.insertAd(trx, {
        user_id: userId,
        side,
        coin,
        fiat,
        price,
        total,
        remaining: total,
        min_amount: min,
        max_amount: max,
        pay_kinds: JSON.stringify(kinds),
        pay_window: 20,
        remark: 'Demo merchant: example ad of a fresh install.',
      })
      if (side === 'sell')
        await freezeEscrow(trx, { refType: 'c2c_ad', refId: String(ad.id) }, userId, coin, total)
    }
  })
}
