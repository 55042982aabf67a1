import { add, isZero, normalize } from '@common/money/decimal'
import { freeze, move, postEntry, type Tx, unfreeze } from '../../ledger/ledger'
import { fundingOf, type OrderRow } from './model'
import * as repo from './repo'

/**
 * Escrow is frozen funds of the seller's funding account: a sell ad freezes its remaining quantity
 * while it is on the shelf; an order on a buy ad freezes the taker's (the seller's) quantity when
 * it opens. Exactly one terminal move per order: release (frozen -> buyer), or return (to the ad,
 * or unfrozen).
 */

type Ref = { refType: 'c2c_ad' | 'c2c_order'; refId: string; actorId?: string | null }

/** Freezes `qty` of the seller's coins into escrow for an ad or an order. */
export function freezeEscrow(trx: Tx, ref: Ref, seller: string, coin: string, qty: string): Promise<void> {
  return escrowEntry(trx, 'freeze', ref, seller, coin, qty)
}

/** Unfreezes `qty` of escrow back to the seller's available funds. */
export function unfreezeEscrow(trx: Tx, ref: Ref, seller: string, coin: string, qty: string): Promise<void> {
  return escrowEntry(trx, 'unfreeze', ref, seller, coin, qty)
}

async function escrowEntry(
  trx: Tx,
  kind: 'freeze' | 'unfreeze',
  ref: Ref,
  seller: string,
  coin: string,
  qty: string,
): Promise<void> {
  const key = fundingOf(seller, coin)
  await postEntry(trx, {
    reason: kind === 'freeze' ? 'c2c_freeze' : 'c2c_unfreeze',
    refType: ref.refType,
    refId: ref.refId,
    ...(ref.actorId ? { actorId: ref.actorId } : {}),
    postings: kind === 'freeze' ? freeze(key, qty) : unfreeze(key, qty),
  })
}

/** `qty` of the order's escrow to the buyer. */
export async function release(trx: Tx, o: OrderRow, qty: string, actorId: string): Promise<void> {
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

/** Escrow back to the seller: onto the ad when it is still on the shelf (`toAd`), else unfrozen. */
export async function returnEscrow(
  trx: Tx,
  o: OrderRow,
  qty: string,
  toAd: boolean,
  actorId: string | null,
  now: number,
): Promise<void> {
  if (isZero(qty)) return
  const ad = await repo.lockAd(trx, o.ad_id)
  const backOnAd = toAd && ad.side === 'sell' && ad.status === 'online'
  if (!backOnAd)
    await unfreezeEscrow(
      trx,
      { refType: 'c2c_order', refId: String(o.id), actorId },
      o.seller_id,
      o.coin,
      qty,
    )
  // The ad's quantity is offered again (a taken-off sell ad freezes it when back on the shelf).
  if (toAd && (ad.status === 'online' || ad.status === 'offline'))
    await repo.updateAd(trx, ad.id, {
      remaining: add(normalize(ad.remaining), qty),
      updated_at: new Date(now),
    })
}
