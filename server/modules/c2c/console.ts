import type { adminOrdersQuerySchema, C2cOrder } from '@common/c2c/schema'
import { toMillisOrNull } from '@common/time/time'
import type * as v from 'valibot'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { writeAudit } from '../../platform/staff/audit'
import type { ActCtx } from '../../platform/staff/four-eyes'
import type { C2cAppeals } from './appeals'
import * as consoleRepo from './console-repo'
import type { C2cCore } from './core'
import type { OrderRow } from './model'
import { loadOrder, messagesOf, ordersToWire } from './view'

/** Who acts in the console: the staff member and their address, as the audit log records them. */
export type Actor = { actorId: string; ip?: string }

type Outcome = 'buyer' | 'seller' | 'reject'

/**
 * The console's C2C use cases: the appeals queue (order, chat and evidence side by side),
 * decisions and settlement suggestions, the order search and merchants. Every decision and change
 * is audited in the transaction that makes it.
 */
export class C2cConsole {
  constructor(
    private readonly core: C2cCore,
    private readonly appeals: C2cAppeals,
  ) {}

  private get db() {
    return this.core.db
  }

  private wire(rows: OrderRow[]): Promise<C2cOrder[]> {
    return ordersToWire(this.db, rows, null, this.core.now())
  }

  async appealQueue(status: 'open' | 'suggested' | 'decided'): Promise<C2cOrder[]> {
    return this.wire(await consoleRepo.appealQueue(this.db, status))
  }

  async orders(q: v.InferOutput<typeof adminOrdersQuerySchema>): Promise<C2cOrder[]> {
    return this.wire(await consoleRepo.searchOrders(this.db, q))
  }

  /** One order with its chat and both parties' identities: what deciding an appeal needs. */
  async order(id: string) {
    const { row, wire } = await loadOrder(this.db, id, null, this.core.now())
    const people = await consoleRepo.people(this.db, [row.buyer_id, row.seller_id])
    return { order: wire, messages: await messagesOf(this.db, id), people }
  }

  /** What deciding the appeal would move (for the four-eyes limit); nothing when rejecting. */
  moves(db: Tx, b: { id: string; outcome: Outcome }) {
    return b.outcome === 'reject' ? Promise.resolve(null) : consoleRepo.escrowUnderAppeal(db, b.id)
  }

  /** Carries out a decision the four-eyes guard let through; `ctx` writes its audit row. */
  async decide(
    b: { id: string; outcome: Outcome; reason: string },
    ctx: Pick<ActCtx, 'actorId' | 'audit'>,
  ): Promise<C2cOrder> {
    const after = await this.db.transaction().execute(async (trx) => {
      const r = await this.appeals.decide(trx, b.id, b.outcome, b.reason, ctx.actorId)
      await ctx.audit(trx, {
        action: `c2c.appeal_${b.outcome}`,
        targetType: 'c2c_order',
        targetId: b.id,
        before: {
          status: r.before.order.status,
          appeal: r.before.appeal.status,
          quantity: r.before.order.quantity,
        },
        after: { status: r.after.status, settledToBuyer: r.after.settled_to_buyer },
        reason: b.reason,
      })
      return r.after
    })
    return this.decided(after, b.id)
  }

  async suggest(b: { id: string; toBuyer: string; reason: string }, a: Actor): Promise<C2cOrder> {
    const o = await this.db.transaction().execute(async (trx) => {
      const r = await this.appeals.suggest(trx, b.id, b.toBuyer, b.reason, a.actorId)
      await writeAudit(trx, {
        ...a,
        action: 'c2c.appeal_suggest',
        targetType: 'c2c_order',
        targetId: b.id,
        before: { appeal: r.before.status },
        after: { toBuyer: b.toBuyer, quantity: r.after.quantity },
        reason: b.reason,
      })
      return r.after
    })
    return this.decided(o, b.id)
  }

  /** After an appeal decision or suggestion: both parties told (live event, push); the order as staff see it. */
  private async decided(o: OrderRow, id: string): Promise<C2cOrder> {
    this.core.publish({
      users: [o.buyer_id, o.seller_id],
      event: { orderId: String(o.id), status: o.status },
      push: { to: [o.buyer_id, o.seller_id], kind: 'decision', order: o },
    })
    return (await loadOrder(this.db, id, null, this.core.now())).wire
  }

  async merchants() {
    const rows = await consoleRepo.merchants(this.db)
    return rows.map((r) => ({ ...r, createdAt: toMillisOrNull(r.created_at) }))
  }

  async setMerchant(
    uid: Parameters<typeof consoleRepo.userIdByUid>[1],
    merchant: boolean,
    a: Actor,
  ): Promise<void> {
    const userId = await consoleRepo.userIdByUid(this.db, uid)
    if (!userId) throw new AppError('notFound')
    await this.db.transaction().execute(async (trx) => {
      const was = await consoleRepo.setMerchant(trx, userId, merchant, a.actorId)
      await writeAudit(trx, {
        ...a,
        action: merchant ? 'c2c.merchant_add' : 'c2c.merchant_remove',
        targetType: 'user',
        targetId: userId,
        before: { merchant: was },
        after: { merchant },
      })
    })
  }
}
