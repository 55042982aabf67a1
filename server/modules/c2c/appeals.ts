import { splitSettlement } from '@common/c2c/rules'
import { isZero, normalize } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { checkDecimals } from '../../ledger/precision'
import type { C2cCore } from './core'
import { release, returnEscrow } from './escrow'
import type { AppealRow, OrderRow } from './model'
import * as repo from './repo'

/**
 * Appeals: either party of a paid order appeals (the escrow stays frozen); the operator decides
 * (buyer wins, seller wins, reject) or suggests a split both parties must accept.
 */
export class C2cAppeals {
  constructor(private readonly core: C2cCore) {}

  /** Either party, once paid (the seller's "not received" is this): the escrow stays frozen. */
  async open(userId: string, input: { id: string; content: string; evidence: string[] }): Promise<OrderRow> {
    await this.core.ownUploads(userId, input.evidence)
    return this.core.act(input.id, userId, async (trx, o) => {
      if (o.status !== 'paid') throw new AppError('c2cOrderState')
      const by = o.buyer_id === userId ? 'buyer' : 'seller'
      await repo.openAppeal(trx, {
        orderId: o.id,
        by,
        userId,
        content: input.content,
        evidence: JSON.stringify([...new Set(input.evidence)]),
        at: new Date(this.core.now()),
      })
      const next = await this.core.setStatus(trx, o, { status: 'appeal' })
      await this.core.system(trx, o.id, 'appeal')
      return { o: next, push: { to: [by === 'buyer' ? o.seller_id : o.buyer_id], kind: 'appeal' } }
    })
  }

  /** The order under appeal and its appeal, both locked. */
  private async lockUnderAppeal(trx: Tx, id: string): Promise<{ o: OrderRow; a: AppealRow }> {
    const o = await repo.lockOrder(trx, id)
    if (o.status !== 'appeal') throw new AppError('c2cOrderState')
    return { o, a: await repo.lockAppeal(trx, o.id) }
  }

  /**
   * The operator's decision: buyer wins (escrow released to the buyer), seller wins (escrow back
   * to the seller, unfrozen) or reject (the appeal is unfounded: the order is paid again, frozen).
   */
  async decide(trx: Tx, id: string, outcome: 'buyer' | 'seller' | 'reject', reason: string, staffId: string) {
    const { o, a } = await this.lockUnderAppeal(trx, id)
    const now = new Date(this.core.now())
    let next: OrderRow
    if (outcome === 'buyer') {
      await release(trx, o, normalize(o.quantity), staffId)
      next = await this.core.setStatus(trx, o, {
        status: 'completed',
        done_at: now,
        settled_to_buyer: normalize(o.quantity),
      })
    } else if (outcome === 'seller') {
      await returnEscrow(trx, o, normalize(o.quantity), false, staffId, this.core.now())
      next = await this.core.setStatus(trx, o, { status: 'closed', done_at: now, settled_to_buyer: '0' })
    } else {
      next = await this.core.setStatus(trx, o, { status: 'paid' })
    }
    await repo.updateAppeal(trx, o.id, {
      status: 'decided',
      outcome,
      reason,
      decided_by: staffId,
      decided_at: now,
    })
    await this.core.system(
      trx,
      o.id,
      outcome === 'buyer' ? 'decided_buyer' : outcome === 'seller' ? 'decided_seller' : 'rejected',
    )
    if (next.status !== 'paid') await repo.completeIfDone(trx, o.ad_id)
    return { before: { order: o, appeal: a }, after: next }
  }

  /** The operator suggests a settlement: `toBuyer` of the escrow to the buyer, the rest back to the seller. */
  async suggest(trx: Tx, id: string, toBuyer: string, reason: string, staffId: string) {
    const { o, a } = await this.lockUnderAppeal(trx, id)
    checkDecimals(toBuyer, await this.core.precision(o.coin, trx), 'toBuyer', o.coin)
    if (!splitSettlement(normalize(o.quantity), toBuyer)) throw new AppError('c2cSettleInvalid')
    await repo.updateAppeal(trx, o.id, {
      status: 'suggested',
      suggest_to_buyer: toBuyer,
      suggest_reason: reason,
      buyer_accept: null,
      seller_accept: null,
      decided_by: staffId,
    })
    await this.core.system(trx, o.id, 'suggested')
    return { before: a, after: o }
  }

  /** A party's answer to a settlement: both accepting executes it; one refusing sends it back to the operator. */
  async answer(userId: string, id: string, accept: boolean): Promise<OrderRow> {
    return this.core.act(id, userId, async (trx, o) => {
      if (o.status !== 'appeal') throw new AppError('c2cOrderState')
      const a = await repo.lockAppeal(trx, o.id)
      if (a.status !== 'suggested' || a.suggest_to_buyer === null) throw new AppError('c2cOrderState')
      const col = o.buyer_id === userId ? 'buyer_accept' : 'seller_accept'
      if (!accept) {
        await repo.updateAppeal(trx, o.id, { status: 'open', [col]: false })
        await this.core.system(trx, o.id, 'refused')
        return { o }
      }
      const buyer = col === 'buyer_accept' ? true : a.buyer_accept
      const seller = col === 'seller_accept' ? true : a.seller_accept
      await repo.updateAppeal(trx, o.id, { [col]: true })
      if (!(buyer && seller)) return { o }
      const split = splitSettlement(normalize(o.quantity), normalize(a.suggest_to_buyer)) as {
        buyer: string
        seller: string
      }
      await release(trx, o, split.buyer, userId)
      await returnEscrow(trx, o, split.seller, false, userId, this.core.now())
      const next = await this.core.setStatus(trx, o, {
        status: isZero(split.buyer) ? 'closed' : 'completed',
        done_at: new Date(this.core.now()),
        settled_to_buyer: split.buyer,
      })
      await repo.updateAppeal(trx, o.id, {
        status: 'decided',
        outcome: 'settled',
        reason: a.suggest_reason,
        decided_at: new Date(this.core.now()),
      })
      await this.core.system(trx, o.id, 'settled')
      await repo.completeIfDone(trx, o.ad_id)
      return { o: next, push: { to: [o.buyer_id, o.seller_id], kind: 'decision' } }
    })
  }
}
