import type { AdSaveInput, adsQuerySchema, C2cAd } from '@common/c2c/schema'
import { isZero, normalize } from '@common/money/decimal'
import type * as v from 'valibot'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { checkDecimals } from '../../ledger/precision'
import { approvedIdentityRequired } from '../../platform/identity/identity-gate'
import { assertLoanUnlocked } from '../../platform/ports/loan-lock'
import type { C2cCore } from './core'
import { freezeEscrow, unfreezeEscrow } from './escrow'
import type { AdRow } from './model'
import type { C2cPayments } from './payments'
import * as repo from './repo'
import { adsToWire } from './view'

/**
 * Ads: a sell ad freezes its remaining quantity while on the shelf (taken off, it returns to the
 * seller); side, coin, fiat and quantity stay as published, the terms may change.
 */
export class C2cAds {
  constructor(
    private readonly core: C2cCore,
    private readonly payments: C2cPayments,
  ) {}

  /** Public: the ads on the shelf, as `viewer` (or a visitor) sees them. */
  async shelf(q: v.InferOutput<typeof adsQuerySchema>, viewer: string | null): Promise<C2cAd[]> {
    const { db } = this.core
    const rows = await repo.shelfAds(db, q, await approvedIdentityRequired(db, 'c2c'))
    return adsToWire(db, rows, viewer, this.core.now())
  }

  async mine(userId: string): Promise<C2cAd[]> {
    return adsToWire(this.core.db, await repo.adsOf(this.core.db, userId), userId, this.core.now())
  }

  async one(id: string, viewer: string): Promise<C2cAd | undefined> {
    return (await adsToWire(this.core.db, [await repo.adById(this.core.db, id)], viewer, this.core.now()))[0]
  }

  async save(userId: string, input: AdSaveInput): Promise<AdRow> {
    await this.core.identityName(userId)
    const dp = await this.core.precision(input.coin)
    checkDecimals(input.total, dp, 'total', input.coin)
    if (input.side === 'sell') {
      const mine = await this.payments.list(userId)
      if (!mine.some((p) => input.payKinds.includes(p.kind))) throw new AppError('c2cPaymentRequired')
    }
    const terms = {
      price: input.price,
      min_amount: input.minAmount,
      max_amount: input.maxAmount,
      pay_kinds: JSON.stringify([...new Set(input.payKinds)]),
      pay_window: input.payWindow,
      remark: input.remark,
    }
    return this.core.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      if (input.id) {
        const ad = await repo.lockAd(trx, input.id, userId)
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
        return repo.updateAd(trx, ad.id, { ...terms, updated_at: new Date(this.core.now()) })
      }
      const ad = await repo.insertAd(trx, {
        user_id: userId,
        side: input.side,
        coin: input.coin,
        fiat: input.fiat,
        total: input.total,
        remaining: input.total,
        ...terms,
      })
      if (input.side === 'sell') {
        // Borrowed coins stay in the funding account until repaid (docs/spec.md section 5): C2C escrow too.
        await assertLoanUnlocked(trx, userId, input.coin, input.total)
        await freezeEscrow(trx, adRef(ad, userId), userId, input.coin, input.total)
      }
      return ad
    })
  }

  /** Takes an ad off the shelf (`close`: for good): what is left and not in an order returns to the seller. */
  async off(userId: string, id: string, close = false): Promise<AdRow> {
    return this.core.db.transaction().execute(async (trx) => {
      const ad = await repo.lockAd(trx, id, userId)
      if (ad.status === 'closed' || ad.status === 'completed' || (!close && ad.status === 'offline'))
        throw new AppError('c2cAdState')
      if (ad.side === 'sell' && ad.status === 'online' && !isZero(normalize(ad.remaining)))
        await unfreezeEscrow(trx, adRef(ad, userId), userId, ad.coin, normalize(ad.remaining))
      return repo.updateAd(trx, ad.id, {
        status: close ? 'closed' : 'offline',
        updated_at: new Date(this.core.now()),
      })
    })
  }

  /** Puts a taken-off ad back on the shelf: a sell ad freezes what is left again. */
  async on(userId: string, id: string): Promise<AdRow> {
    await this.core.identityName(userId)
    return this.core.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const ad = await repo.lockAd(trx, id, userId)
      if (ad.status !== 'offline') throw new AppError('c2cAdState')
      if (ad.side === 'sell' && !isZero(normalize(ad.remaining))) {
        await assertLoanUnlocked(trx, userId, ad.coin, normalize(ad.remaining))
        await freezeEscrow(trx, adRef(ad, userId), userId, ad.coin, normalize(ad.remaining))
      }
      return repo.updateAd(trx, ad.id, { status: 'online', updated_at: new Date(this.core.now()) })
    })
  }
}

const adRef = (ad: AdRow, actorId: string) => ({ refType: 'c2c_ad' as const, refId: String(ad.id), actorId })
