import { TYPE_ADVANCED_VERIFY } from '@common/api/envelope'
import {
  CANCEL_LIMIT,
  checkOrder,
  DEMO_MERCHANT_PREFIX,
  dayStartUtc8,
  isDemoMerchant,
  isOpenStatus,
  orderFigures,
  type PayKind,
  rankAds,
  sameName,
  splitSettlement,
} from '@common/c2c/rules'
import type { AdSaveInput, C2cUserEvent, PaymentMethod, PaymentSaveInput } from '@common/c2c/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, isZero, normalize, sub } from '@common/money/decimal'
import { sql } from 'kysely'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { freeze, move, postEntry, type Tx, unfreeze } from '../../ledger/ledger'
import { checkDecimals } from '../../ledger/precision'
import { approvedIdentityRequired, identityGate } from '../../platform/identity/identity-gate'
import { newInviteCode } from '../../platform/identity/users'
import { pushService } from '../../platform/notify/push-service'
import { assertLoanUnlocked } from '../../platform/ports/loan-lock'
import { c2cBus } from './bus'
import {
  type AdRow,
  eligibleAdvertiser,
  fundingOf,
  type OrderRow,
  type PaymentRow,
  paymentToWire,
  traders,
} from './model'
import { type C2cPushKind, c2cPushText } from './push-texts'

/** The test clock's offset (ms): set only by the dev routes, which production never registers. */
let clockOffsetMs = 0
export const c2cNow = (): number => Date.now() + clockOffsetMs
export function setC2cClock(offsetMs: number): void {
  clockOffsetMs = offsetMs
}

type Sys =
  | 'created'
  | 'paid'
  | 'released'
  | 'cancelled'
  | 'timeout'
  | 'appeal'
  | 'decided_buyer'
  | 'decided_seller'
  | 'rejected'
  | 'suggested'
  | 'settled'
  | 'refused'

interface After {
  users: string[]
  event: C2cUserEvent
  push?: { to: string[]; kind: C2cPushKind; order: OrderRow }
}

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

/**
 * C2C use cases (issue 16). Escrow is frozen funds of the seller's funding account: a sell ad
 * freezes its remaining quantity when published; an order on a buy ad freezes the taker's (the
 * seller's) quantity when it opens. Exactly one terminal move per order: release (frozen ->
 * buyer) by the seller or an appeal decision, or return (to the ad, or unfrozen) on cancel,
 * timeout or an appeal for the seller. No timer ever releases.
 */
export class C2cService {
  private seeded: Promise<void> | null = null

  constructor(private readonly db: Db) {}

  now(): number {
    return c2cNow()
  }

  async precision(coin: string, db: Tx = this.db): Promise<number> {
    const row = await db.selectFrom('asset').select('precision').where('code', '=', coin).executeTakeFirst()
    return row?.precision ?? 8
  }

  // ---------- demo ads of a fresh install ----------

  /** Publishes the example ads once (an advisory lock and a ledger reference make it idempotent). */
  init(): Promise<void> {
    this.seeded ??= this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('c2c.demo_seed'))`.execute(trx)
      const done = await trx
        .selectFrom('ledger_entry')
        .select('id')
        .where('ref_type', '=', 'c2c_demo_seed')
        .executeTakeFirst()
      if (done) return
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
          await trx
            .insertInto('c2c_payment')
            .values({ user_id: id, kind, name: realName, account, bank, branch })
            .execute()
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
        const ad = await trx
          .insertInto('c2c_ad')
          .values({
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
          .returning('id')
          .executeTakeFirstOrThrow()
        if (side === 'sell')
          await postEntry(trx, {
            reason: 'c2c_freeze',
            refType: 'c2c_ad',
            refId: String(ad.id),
            postings: freeze(fundingOf(userId, coin), total),
          })
      }
    })
    return this.seeded
  }

  // ---------- identity and payment accounts ----------

  /**
   * The verified name of a user who may trade fiat: operator-approved identity (advanced
   * verification) unless the `c2c.approved_identity_required` setting is off, then basic details.
   * Refused with 2419 and type 998 (the app opens verification), or 2400 when basic details would do.
   */
  async identityName(userId: string, db: Tx = this.db): Promise<string> {
    const gate = await identityGate(db, userId, 'c2c')
    if (!gate.ok || gate.realName === null)
      throw gate.approvedRequired
        ? new AppError('c2cIdentityApproval', { type: TYPE_ADVANCED_VERIFY })
        : new AppError('c2cIdentityRequired')
    return gate.realName
  }

  async payments(userId: string): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('c2c_payment')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute()
  }

  async savePayment(userId: string, input: PaymentSaveInput): Promise<PaymentRow> {
    const realName = await this.identityName(userId)
    if (!sameName(input.name, realName)) throw new AppError('c2cNameMismatch')
    const qr = 'qr' in input ? (input.qr ?? null) : null
    if (qr) await this.ownUploads(userId, [qr])
    const values = {
      kind: input.kind,
      name: input.name,
      account: input.account,
      bank: input.kind === 'bank' ? input.bank : null,
      branch: input.kind === 'bank' ? input.branch : null,
      qr_upload_id: qr,
      updated_at: new Date(),
    }
    if (input.id) {
      const row = await this.db
        .updateTable('c2c_payment')
        .set(values)
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .where('deleted', '=', false)
        .returningAll()
        .executeTakeFirst()
      if (!row) throw new AppError('c2cPaymentNotFound')
      return row
    }
    const count = await this.db
      .selectFrom('c2c_payment')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow()
    if (count.n >= 20) throw new AppError('tooManyRequests')
    return this.db
      .insertInto('c2c_payment')
      .values({ ...values, user_id: userId })
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  async deletePayment(userId: string, id: string): Promise<void> {
    const r = await this.db
      .updateTable('c2c_payment')
      .set({ deleted: true, updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .returning('id')
      .executeTakeFirst()
    if (!r) throw new AppError('c2cPaymentNotFound')
  }

  private async ownUploads(userId: string, ids: string[], db: Tx = this.db): Promise<void> {
    const uniq = [...new Set(ids)]
    if (uniq.length === 0) return
    const rows = await db
      .selectFrom('upload')
      .select('id')
      .where('id', 'in', uniq)
      .where('owner_id', '=', userId)
      .execute()
    if (rows.length !== uniq.length) throw new AppError('c2cImageInvalid')
  }

  /** The seller's accounts of the ad's kinds, as the order shows them (holder names match identity). */
  private async paymentSnapshot(trx: Tx, sellerId: string, kinds: string[]): Promise<PaymentMethod[]> {
    const rows = await trx
      .selectFrom('c2c_payment')
      .selectAll()
      .where('user_id', '=', sellerId)
      .where('deleted', '=', false)
      .where('kind', 'in', kinds as PayKind[])
      .orderBy('id')
      .execute()
    if (rows.length === 0) throw new AppError('c2cPaymentRequired')
    return rows.map(paymentToWire)
  }

  // ---------- ads ----------

  async saveAd(userId: string, input: AdSaveInput): Promise<AdRow> {
    await this.identityName(userId)
    const dp = await this.precision(input.coin)
    checkDecimals(input.total, dp, 'total', input.coin)
    if (input.side === 'sell') {
      const mine = await this.payments(userId)
      if (!mine.some((p) => input.payKinds.includes(p.kind))) throw new AppError('c2cPaymentRequired')
    }
    const kinds = JSON.stringify([...new Set(input.payKinds)])
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      if (input.id) {
        const ad = await trx
          .selectFrom('c2c_ad')
          .selectAll()
          .where('id', '=', input.id)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst()
        if (!ad) throw new AppError('c2cAdNotFound')
        // Side, coin, fiat and quantity stay as published; price, limits, methods and remark change.
        if (
          ad.status === 'closed' ||
          ad.status === 'completed' ||
          ad.side !== input.side ||
          ad.coin !== input.coin ||
          ad.fiat !== input.fiat ||
          normalize(ad.total) !== normalize(input.total)
        )
          throw new AppError('c2cAdState')
        return trx
          .updateTable('c2c_ad')
          .set({
            price: input.price,
            min_amount: input.minAmount,
            max_amount: input.maxAmount,
            pay_kinds: kinds,
            pay_window: input.payWindow,
            remark: input.remark,
            updated_at: new Date(this.now()),
          })
          .where('id', '=', ad.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      }
      const ad = await trx
        .insertInto('c2c_ad')
        .values({
          user_id: userId,
          side: input.side,
          coin: input.coin,
          fiat: input.fiat,
          price: input.price,
          total: input.total,
          remaining: input.total,
          min_amount: input.minAmount,
          max_amount: input.maxAmount,
          pay_kinds: kinds,
          pay_window: input.payWindow,
          remark: input.remark,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      if (input.side === 'sell') {
        // Borrowed coins stay in the funding account until repaid (SPEC.md section 5): C2C escrow too.
        await assertLoanUnlocked(trx, userId, input.coin, input.total)
        await postEntry(trx, {
          reason: 'c2c_freeze',
          refType: 'c2c_ad',
          refId: String(ad.id),
          actorId: userId,
          postings: freeze(fundingOf(userId, input.coin), input.total),
        })
      }
      return ad
    })
  }

  private async lockAd(trx: Tx, id: string, userId?: string): Promise<AdRow> {
    let q = trx.selectFrom('c2c_ad').selectAll().where('id', '=', id)
    if (userId) q = q.where('user_id', '=', userId)
    const ad = await q.forUpdate().executeTakeFirst()
    if (!ad) throw new AppError('c2cAdNotFound')
    return ad
  }

  /** Takes an ad off the shelf (`close`: for good): what is left and not in an order returns to the seller. */
  async adOff(userId: string, id: string, close = false): Promise<AdRow> {
    return this.db.transaction().execute(async (trx) => {
      const ad = await this.lockAd(trx, id, userId)
      if (ad.status === 'closed' || ad.status === 'completed' || (!close && ad.status === 'offline'))
        throw new AppError('c2cAdState')
      if (ad.side === 'sell' && ad.status === 'online' && !isZero(normalize(ad.remaining)))
        await postEntry(trx, {
          reason: 'c2c_unfreeze',
          refType: 'c2c_ad',
          refId: String(ad.id),
          actorId: userId,
          postings: unfreeze(fundingOf(userId, ad.coin), normalize(ad.remaining)),
        })
      return trx
        .updateTable('c2c_ad')
        .set({ status: close ? 'closed' : 'offline', updated_at: new Date(this.now()) })
        .where('id', '=', ad.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }

  /** Puts a taken-off ad back on the shelf: a sell ad freezes what is left again. */
  async adOn(userId: string, id: string): Promise<AdRow> {
    await this.identityName(userId)
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const ad = await this.lockAd(trx, id, userId)
      if (ad.status !== 'offline') throw new AppError('c2cAdState')
      if (ad.side === 'sell' && !isZero(normalize(ad.remaining))) {
        await assertLoanUnlocked(trx, userId, ad.coin, normalize(ad.remaining))
        await postEntry(trx, {
          reason: 'c2c_freeze',
          refType: 'c2c_ad',
          refId: String(ad.id),
          actorId: userId,
          postings: freeze(fundingOf(userId, ad.coin), normalize(ad.remaining)),
        })
      }
      return trx
        .updateTable('c2c_ad')
        .set({ status: 'online', updated_at: new Date(this.now()) })
        .where('id', '=', ad.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }

  // ---------- orders ----------

  private async cancelsToday(trx: Tx, buyerId: string): Promise<number> {
    const r = await trx
      .selectFrom('c2c_order')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('buyer_id', '=', buyerId)
      .where('status', 'in', ['cancelled', 'timeout'])
      .where('done_at', '>=', new Date(dayStartUtc8(this.now())))
      .executeTakeFirstOrThrow()
    return r.n
  }

  async createOrder(
    takerId: string,
    input: { adId: string; amount?: string; quantity?: string },
  ): Promise<OrderRow> {
    await this.identityName(takerId)
    const { order, after } = await this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, takerId)
      // The ad row lock serialises takers: two buyers racing for the last quantity get one order.
      const ad = await this.lockAd(trx, input.adId)
      if (ad.status !== 'online') throw new AppError('c2cAdNotFound')
      if (ad.user_id === takerId) throw new AppError('c2cOwnAd')
      // Nobody answers an example ad: its payment details are not real, so no one may pay into them.
      if (isDemoMerchant(ad.user_id)) throw new AppError('c2cDemoAd')
      const dp = await this.precision(ad.coin, trx)
      if (input.quantity !== undefined) checkDecimals(input.quantity, dp, 'quantity', ad.coin)
      const price = normalize(ad.price)
      const fig = orderFigures(price, input, dp)
      const check = checkOrder(fig, {
        minAmount: normalize(ad.min_amount),
        maxAmount: normalize(ad.max_amount),
        remaining: normalize(ad.remaining),
      })
      if (check !== 'ok')
        throw new AppError(
          (
            {
              zero: 'c2cZero',
              above_left: 'c2cAboveLeft',
              below_min: 'c2cBelowMin',
              above_max: 'c2cAboveMax',
            } as const
          )[check],
          {
            data: {
              remaining: normalize(ad.remaining),
              min: normalize(ad.min_amount),
              max: normalize(ad.max_amount),
            },
          },
        )
      const buyerId = ad.side === 'sell' ? takerId : ad.user_id
      const sellerId = ad.side === 'sell' ? ad.user_id : takerId
      // The advertiser must meet the requirement too (an ad published before it, or its identity reset).
      if (!(await identityGate(trx, ad.user_id, 'c2c')).ok) throw new AppError('c2cAdvertiserUnverified')
      // One order at a time per buyer (a double tap opens one) and the daily cancel limit.
      await sql`select pg_advisory_xact_lock(hashtext(${`c2c.buyer:${buyerId}`}))`.execute(trx)
      // The limit binds the buyer who cancelled when they open an order, not a seller taking their ad.
      if (buyerId === takerId && (await this.cancelsToday(trx, buyerId)) >= CANCEL_LIMIT)
        throw new AppError('c2cCancelLimit')
      const payment = await this.paymentSnapshot(trx, sellerId, ad.pay_kinds as string[])
      const now = this.now()
      const order = await trx
        .insertInto('c2c_order')
        .values({
          ad_id: ad.id,
          maker_id: ad.user_id,
          taker_id: takerId,
          buyer_id: buyerId,
          seller_id: sellerId,
          coin: ad.coin,
          fiat: ad.fiat,
          price,
          quantity: fig.quantity,
          amount: fig.amount,
          pay_window: ad.pay_window,
          expires_at: new Date(now + ad.pay_window * 60_000),
          payment: JSON.stringify(payment),
          created_at: new Date(now),
          updated_at: new Date(now),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      // A sell ad's quantity is frozen already; a buy ad's taker is the seller and freezes now.
      if (ad.side === 'buy') {
        await assertLoanUnlocked(trx, sellerId, ad.coin, fig.quantity)
        await postEntry(trx, {
          reason: 'c2c_freeze',
          refType: 'c2c_order',
          refId: String(order.id),
          actorId: takerId,
          postings: freeze(fundingOf(sellerId, ad.coin), fig.quantity),
        })
      }
      await trx
        .updateTable('c2c_ad')
        .set({ remaining: sub(normalize(ad.remaining), fig.quantity), updated_at: new Date(now) })
        .where('id', '=', ad.id)
        .execute()
      await this.system(trx, order.id, 'created')
      return {
        order,
        after: {
          users: [buyerId, sellerId],
          event: { orderId: String(order.id), status: order.status },
          push: { to: [ad.user_id], kind: 'newOrder', order },
        } satisfies After,
      }
    })
    this.publish(after)
    return order
  }

  /** Quick buy/sell: the best ad that fits the amount (and payment kind), then an order on it. */
  async quick(
    userId: string,
    input: { side: 'buy' | 'sell'; coin: string; fiat: string; amount: string; payKind?: PayKind },
  ): Promise<OrderRow> {
    const required = await approvedIdentityRequired(this.db, 'c2c')
    let q = this.db
      .selectFrom('c2c_ad')
      .selectAll()
      .where('status', '=', 'online')
      .where('side', '=', input.side === 'buy' ? 'sell' : 'buy')
      .where('coin', '=', input.coin)
      .where('fiat', '=', input.fiat)
      .where('user_id', '<>', userId)
      .where('user_id', 'not like', `${DEMO_MERCHANT_PREFIX}%`)
      .where(eligibleAdvertiser(required))
      .where('min_amount', '<=', input.amount)
      .where('max_amount', '>=', input.amount)
      .where(sql<boolean>`remaining * price >= ${input.amount}::numeric`)
    if (input.payKind) q = q.where(sql<boolean>`pay_kinds @> ${JSON.stringify([input.payKind])}::jsonb`)
    // Best prices first, so the cut at 50 never drops the best ad; rankAds then weighs completion.
    const ads = await q
      .orderBy('price', input.side === 'buy' ? 'asc' : 'desc')
      .orderBy('id')
      .limit(50)
      .execute()
    if (input.side === 'sell' && ads.length) {
      const mine = new Set((await this.payments(userId)).map((p) => p.kind))
      const usable = ads.filter((a) => (a.pay_kinds as string[]).some((k) => mine.has(k as PayKind)))
      ads.splice(0, ads.length, ...usable)
    }
    const stats = await traders(
      this.db,
      ads.map((a) => a.user_id),
      this.now(),
    )
    const ranked = rankAds(
      ads.map((a) => ({
        id: String(a.id),
        price: normalize(a.price),
        completion: stats.get(a.user_id)?.completion ?? null,
      })),
      input.side,
    )
    for (const a of ranked.slice(0, 3)) {
      try {
        return await this.createOrder(userId, { adId: a.id, amount: input.amount })
      } catch (err) {
        // Someone took it first: try the next best.
        if (
          err instanceof AppError &&
          (err.key === 'error.c2c_above_left' || err.key === 'error.c2c_ad_not_found')
        )
          continue
        throw err
      }
    }
    throw new AppError('c2cNoMatch')
  }

  private async lockOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow> {
    let q = trx.selectFrom('c2c_order').selectAll().where('id', '=', id)
    if (userId) q = q.where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    const o = await q.forUpdate().executeTakeFirst()
    if (!o) throw new AppError('c2cOrderNotFound')
    return o
  }

  private async system(trx: Tx, orderId: string, key: Sys): Promise<void> {
    await trx
      .insertInto('c2c_message')
      .values({ order_id: orderId, sender: 'system', body: key, created_at: new Date(this.now()) })
      .execute()
  }

  private async setStatus(
    trx: Tx,
    o: OrderRow,
    set: Partial<Pick<OrderRow, 'status' | 'paid_at' | 'done_at' | 'proof_upload_id' | 'settled_to_buyer'>>,
  ): Promise<OrderRow> {
    return trx
      .updateTable('c2c_order')
      .set({ ...set, updated_at: new Date(this.now()) })
      .where('id', '=', o.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /** Escrow back to the seller: onto the ad when it is still on the shelf (`toAd`), else unfrozen. */
  private async returnEscrow(trx: Tx, o: OrderRow, qty: string, toAd: boolean, actorId: string | null) {
    if (isZero(qty)) return
    const ad = await trx
      .selectFrom('c2c_ad')
      .selectAll()
      .where('id', '=', o.ad_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const backOnAd = toAd && ad.side === 'sell' && ad.status === 'online'
    if (!backOnAd)
      await postEntry(trx, {
        reason: 'c2c_unfreeze',
        refType: 'c2c_order',
        refId: String(o.id),
        ...(actorId ? { actorId } : {}),
        postings: unfreeze(fundingOf(o.seller_id, o.coin), qty),
      })
    // The ad's quantity is offered again (a taken-off sell ad freezes it when back on the shelf).
    if (toAd && (ad.status === 'online' || ad.status === 'offline'))
      await trx
        .updateTable('c2c_ad')
        .set({ remaining: add(normalize(ad.remaining), qty), updated_at: new Date(this.now()) })
        .where('id', '=', ad.id)
        .execute()
  }

  private async release(trx: Tx, o: OrderRow, qty: string, actorId: string): Promise<void> {
    if (isZero(qty)) return
    await postEntry(trx, {
      reason: 'c2c_release',
      refType: 'c2c_order',
      refId: String(o.id),
      actorId,
      postings: move(
        { ...fundingOf(o.seller_id, o.coin), bucket: 'frozen' },
        fundingOf(o.buyer_id, o.coin),
        qty,
      ),
    })
  }

  /** When an ad has nothing left and no open order, it is completed. */
  private async maybeComplete(trx: Tx, adId: string): Promise<void> {
    await sql`update c2c_ad set status = 'completed', updated_at = now()
      where id = ${adId} and status = 'online' and remaining = 0
        and not exists (select 1 from c2c_order where ad_id = ${adId} and status in ('unpaid', 'paid', 'appeal'))`.execute(
      trx,
    )
  }

  private async act(
    id: string,
    userId: string | null,
    run: (trx: Tx, o: OrderRow) => Promise<{ o: OrderRow; push?: { to: string[]; kind: C2cPushKind } }>,
  ): Promise<OrderRow> {
    const { o, push } = await this.db.transaction().execute(async (trx) => {
      const cur = await this.lockOrder(trx, id, userId ?? undefined)
      return run(trx, cur)
    })
    this.publish({
      users: [o.buyer_id, o.seller_id],
      event: { orderId: String(o.id), status: o.status },
      ...(push ? { push: { ...push, order: o } } : {}),
    })
    return o
  }

  async paid(userId: string, id: string, proof?: string): Promise<OrderRow> {
    if (proof) await this.ownUploads(userId, [proof])
    return this.act(id, userId, async (trx, o) => {
      // Past the payment window, the order is cancelled or being cancelled (the timeout pass runs
      // every 10 s): the buyer is told the time ran out, not that the state forbids it.
      if (
        o.buyer_id === userId &&
        (o.status === 'timeout' || (o.status === 'unpaid' && this.now() > o.expires_at.getTime()))
      )
        throw new AppError('c2cPayWindowOver')
      if (o.buyer_id !== userId || o.status !== 'unpaid') throw new AppError('c2cOrderState')
      const now = new Date(this.now())
      const next = await this.setStatus(trx, o, {
        status: 'paid',
        paid_at: now,
        proof_upload_id: proof ?? null,
      })
      await this.system(trx, o.id, 'paid')
      return { o: next, push: { to: [o.seller_id], kind: 'paid' } }
    })
  }

  /** The seller confirms the money arrived: the escrow moves to the buyer. */
  async confirmRelease(userId: string, id: string): Promise<OrderRow> {
    return this.act(id, userId, async (trx, o) => {
      if (o.seller_id !== userId || (o.status !== 'paid' && o.status !== 'unpaid'))
        throw new AppError('c2cOrderState')
      await this.release(trx, o, normalize(o.quantity), userId)
      const next = await this.setStatus(trx, o, {
        status: 'completed',
        done_at: new Date(this.now()),
        settled_to_buyer: normalize(o.quantity),
      })
      await this.system(trx, o.id, 'released')
      await this.maybeComplete(trx, o.ad_id)
      return { o: next, push: { to: [o.buyer_id], kind: 'released' } }
    })
  }

  /** Only the buyer cancels, and only before paying; the escrow goes back to the seller. */
  async cancel(userId: string, id: string): Promise<OrderRow> {
    return this.act(id, userId, async (trx, o) => {
      if (o.buyer_id !== userId || o.status !== 'unpaid') throw new AppError('c2cOrderState')
      await this.returnEscrow(trx, o, normalize(o.quantity), true, userId)
      const next = await this.setStatus(trx, o, { status: 'cancelled', done_at: new Date(this.now()) })
      await this.system(trx, o.id, 'cancelled')
      return { o: next }
    })
  }

  /** Timeout pass: unpaid orders past their window are cancelled, escrow back to the seller. Idempotent. */
  async runTimeouts(now = this.now()): Promise<number> {
    const due = await this.db
      .selectFrom('c2c_order')
      .select('id')
      .where('status', '=', 'unpaid')
      .where('expires_at', '<=', new Date(now))
      .orderBy('id')
      .limit(500)
      .execute()
    let n = 0
    for (const { id } of due) {
      try {
        await this.act(String(id), null, async (trx, o) => {
          // Re-checked on the locked row: paid or cancelled meanwhile means nothing to do.
          if (o.status !== 'unpaid' || o.expires_at.getTime() > now) return { o }
          await this.returnEscrow(trx, o, normalize(o.quantity), true, null)
          const next = await this.setStatus(trx, o, { status: 'timeout', done_at: new Date(now) })
          await this.system(trx, o.id, 'timeout')
          n++
          return { o: next }
        })
      } catch {
        // One order failing must not stop the others; the next pass retries it.
      }
    }
    return n
  }

  /** Either party, once paid (the seller's "not received" is this): the escrow stays frozen. */
  async appeal(
    userId: string,
    input: { id: string; content: string; evidence: string[] },
  ): Promise<OrderRow> {
    await this.ownUploads(userId, input.evidence)
    return this.act(input.id, userId, async (trx, o) => {
      if (o.status !== 'paid') throw new AppError('c2cOrderState')
      const by = o.buyer_id === userId ? 'buyer' : 'seller'
      await trx
        .insertInto('c2c_appeal')
        .values({
          order_id: o.id,
          opened_by: by,
          opener_id: userId,
          content: input.content,
          evidence: JSON.stringify([...new Set(input.evidence)]),
          created_at: new Date(this.now()),
        })
        .onConflict((oc) =>
          oc.column('order_id').doUpdateSet({
            opened_by: by,
            opener_id: userId,
            content: input.content,
            evidence: JSON.stringify([...new Set(input.evidence)]),
            status: 'open',
            outcome: null,
            reason: null,
            suggest_to_buyer: null,
            suggest_reason: null,
            buyer_accept: null,
            seller_accept: null,
            created_at: new Date(this.now()),
          }),
        )
        .execute()
      const next = await this.setStatus(trx, o, { status: 'appeal' })
      await this.system(trx, o.id, 'appeal')
      return { o: next, push: { to: [by === 'buyer' ? o.seller_id : o.buyer_id], kind: 'appeal' } }
    })
  }

  private async lockAppeal(trx: Tx, orderId: string) {
    const a = await trx
      .selectFrom('c2c_appeal')
      .selectAll()
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst()
    if (!a) throw new AppError('c2cOrderState')
    return a
  }

  /**
   * The operator's decision: buyer wins (escrow released to the buyer), seller wins (escrow back
   * to the seller, unfrozen) or reject (the appeal is unfounded: the order is paid again, frozen).
   */
  async decide(trx: Tx, id: string, outcome: 'buyer' | 'seller' | 'reject', reason: string, staffId: string) {
    const o = await this.lockOrder(trx, id)
    if (o.status !== 'appeal') throw new AppError('c2cOrderState')
    const a = await this.lockAppeal(trx, o.id)
    const now = new Date(this.now())
    let next: OrderRow
    if (outcome === 'buyer') {
      await this.release(trx, o, normalize(o.quantity), staffId)
      next = await this.setStatus(trx, o, {
        status: 'completed',
        done_at: now,
        settled_to_buyer: normalize(o.quantity),
      })
    } else if (outcome === 'seller') {
      await this.returnEscrow(trx, o, normalize(o.quantity), false, staffId)
      next = await this.setStatus(trx, o, { status: 'closed', done_at: now, settled_to_buyer: '0' })
    } else {
      next = await this.setStatus(trx, o, { status: 'paid' })
    }
    await trx
      .updateTable('c2c_appeal')
      .set({ status: 'decided', outcome, reason, decided_by: staffId, decided_at: now })
      .where('order_id', '=', o.id)
      .execute()
    await this.system(
      trx,
      o.id,
      outcome === 'buyer' ? 'decided_buyer' : outcome === 'seller' ? 'decided_seller' : 'rejected',
    )
    if (next.status !== 'paid') await this.maybeComplete(trx, o.ad_id)
    return { before: { order: o, appeal: a }, after: next }
  }

  /** The operator suggests a settlement: `toBuyer` of the escrow to the buyer, the rest back to the seller. */
  async suggest(trx: Tx, id: string, toBuyer: string, reason: string, staffId: string) {
    const o = await this.lockOrder(trx, id)
    if (o.status !== 'appeal') throw new AppError('c2cOrderState')
    const a = await this.lockAppeal(trx, o.id)
    checkDecimals(toBuyer, await this.precision(o.coin, trx), 'toBuyer', o.coin)
    if (!splitSettlement(normalize(o.quantity), toBuyer)) throw new AppError('c2cSettleInvalid')
    await trx
      .updateTable('c2c_appeal')
      .set({
        status: 'suggested',
        suggest_to_buyer: toBuyer,
        suggest_reason: reason,
        buyer_accept: null,
        seller_accept: null,
        decided_by: staffId,
      })
      .where('order_id', '=', o.id)
      .execute()
    await this.system(trx, o.id, 'suggested')
    return { before: a, after: o }
  }

  /** A party's answer to a settlement: both accepting executes it; one refusing sends it back to the operator. */
  async answerSettlement(userId: string, id: string, accept: boolean): Promise<OrderRow> {
    return this.act(id, userId, async (trx, o) => {
      if (o.status !== 'appeal') throw new AppError('c2cOrderState')
      const a = await this.lockAppeal(trx, o.id)
      if (a.status !== 'suggested' || a.suggest_to_buyer === null) throw new AppError('c2cOrderState')
      const col = o.buyer_id === userId ? 'buyer_accept' : 'seller_accept'
      if (!accept) {
        await trx
          .updateTable('c2c_appeal')
          .set({ status: 'open', [col]: false })
          .where('order_id', '=', o.id)
          .execute()
        await this.system(trx, o.id, 'refused')
        return { o }
      }
      const buyer = col === 'buyer_accept' ? true : a.buyer_accept
      const seller = col === 'seller_accept' ? true : a.seller_accept
      await trx
        .updateTable('c2c_appeal')
        .set({ [col]: true })
        .where('order_id', '=', o.id)
        .execute()
      if (!(buyer && seller)) return { o }
      const split = splitSettlement(normalize(o.quantity), normalize(a.suggest_to_buyer)) as {
        buyer: string
        seller: string
      }
      await this.release(trx, o, split.buyer, userId)
      await this.returnEscrow(trx, o, split.seller, false, userId)
      const next = await this.setStatus(trx, o, {
        status: isZero(split.buyer) ? 'closed' : 'completed',
        done_at: new Date(this.now()),
        settled_to_buyer: split.buyer,
      })
      await trx
        .updateTable('c2c_appeal')
        .set({
          status: 'decided',
          outcome: 'settled',
          reason: a.suggest_reason,
          decided_at: new Date(this.now()),
        })
        .where('order_id', '=', o.id)
        .execute()
      await this.system(trx, o.id, 'settled')
      await this.maybeComplete(trx, o.ad_id)
      return { o: next, push: { to: [o.buyer_id, o.seller_id], kind: 'decision' } }
    })
  }

  // ---------- chat ----------

  async send(userId: string, input: { id: string; body: string; image?: string }) {
    if (input.image) await this.ownUploads(userId, [input.image])
    const { o, m } = await this.db.transaction().execute(async (trx) => {
      const o = await this.lockOrder(trx, input.id, userId)
      if (!isOpenStatus(o.status)) throw new AppError('c2cChatClosed')
      if (input.image) {
        const used = await trx
          .selectFrom('c2c_message')
          .select('id')
          .where('image_upload_id', '=', input.image)
          .executeTakeFirst()
        if (used) throw new AppError('c2cImageInvalid')
      }
      const m = await trx
        .insertInto('c2c_message')
        .values({
          order_id: o.id,
          sender: o.buyer_id === userId ? 'buyer' : 'seller',
          user_id: userId,
          body: input.body,
          image_upload_id: input.image ?? null,
          created_at: new Date(this.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      // The sender has read up to their own message.
      await trx
        .updateTable('c2c_order')
        .set(o.buyer_id === userId ? { buyer_read: m.id } : { seller_read: m.id })
        .where('id', '=', o.id)
        .execute()
      return { o, m }
    })
    return { o, m }
  }

  async markRead(userId: string, id: string, upTo: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const o = await this.lockOrder(trx, id, userId)
      const col = o.buyer_id === userId ? 'buyer_read' : 'seller_read'
      await trx
        .updateTable('c2c_order')
        .set({ [col]: sql`greatest(${sql.ref(col)}, ${upTo}::bigint)` })
        .where('id', '=', o.id)
        .execute()
    })
  }

  // ---------- after commit ----------

  publish(a: After): void {
    c2cBus(this.db).toUsers(a.users, a.event)
    if (!a.push) return
    const { to, kind, order } = a.push
    const push = pushService(this.db)
    const values = { id: String(order.id), qty: normalize(order.quantity), coin: order.coin }
    for (const userId of new Set(to)) {
      if (userId.startsWith('c2c-demo-')) continue
      push.background('c2c push', () =>
        push.notify(userId, 'orderFill', (lang) => ({
          ...c2cPushText(lang, kind, values),
          icon: '/icons/icon-192.png',
          tag: `c2c-${order.id}-${kind}`,
          url: `/#/pages/transaction/order?id=${order.id}`,
        })),
      )
    }
  }
}

export const c2cService = perDb((db) => new C2cService(db))
