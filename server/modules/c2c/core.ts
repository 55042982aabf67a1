import { TYPE_ADVANCED_VERIFY } from '@common/api/envelope'
import type { C2cUserEvent } from '@common/c2c/schema'
import { normalize } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { precisionOrWidest } from '../../ledger/precision'
import { ownUploadCount } from '../../platform/content/uploads'
import { identityGate } from '../../platform/identity/identity-gate'
import { pushService } from '../../platform/notify/push-service'
import { c2cBus } from './bus'
import * as chatRepo from './chat-repo'
import type { OrderRow } from './model'
import { type C2cPushKind, c2cPushText } from './push-texts'
import * as repo from './repo'

/** The test clock's offset (ms): set only by the dev routes, which production never registers. */
let clockOffsetMs = 0
/** Set with the test clock: the scheduled timeout pass waits, so a test decides when it runs. */
let scheduledPassHeld = false
export const c2cNow = (): number => Date.now() + clockOffsetMs
export const c2cScheduledPassHeld = (): boolean => scheduledPassHeld
export function setC2cClock(offsetMs: number, holdScheduledPass = false): void {
  clockOffsetMs = offsetMs
  scheduledPassHeld = holdScheduledPass
}

/** The system lines of an order's chat (the app translates the key). */
export type Sys =
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

export type PushTo = { to: string[]; kind: C2cPushKind }

/** What is told after a commit: the parties' live event, and a push to some of them. */
export interface After {
  users: string[]
  event: C2cUserEvent
  push?: PushTo & { order: OrderRow }
}

/**
 * What every C2C capability (ads, orders, appeals, chat) shares: the clock, the identity
 * requirement, the order's row lock with its state change and chat line, and the after-commit
 * news (live event, push).
 */
export class C2cCore {
  constructor(readonly db: Db) {}

  now(): number {
    return c2cNow()
  }

  precision(coin: string, db: Tx = this.db): Promise<number> {
    return precisionOrWidest(db, coin)
  }

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

  /** Every picture named is the user's own upload (2427 otherwise). */
  async ownUploads(userId: string, ids: string[], db: Tx = this.db): Promise<void> {
    const uniq = [...new Set(ids)]
    if (uniq.length === 0) return
    if ((await ownUploadCount(db, uniq, userId)) !== uniq.length) throw new AppError('c2cImageInvalid')
  }

  system(trx: Tx, orderId: string, key: Sys): Promise<void> {
    return chatRepo.insertSystemLine(trx, orderId, key, new Date(this.now()))
  }

  setStatus(
    trx: Tx,
    o: OrderRow,
    set: Partial<Pick<OrderRow, 'status' | 'paid_at' | 'done_at' | 'proof_upload_id' | 'settled_to_buyer'>>,
  ): Promise<OrderRow> {
    return repo.updateOrder(trx, o.id, { ...set, updated_at: new Date(this.now()) })
  }

  /** One step of an order under its row lock (a party's own only, unless `userId` is null); told after commit. */
  async act(
    id: string,
    userId: string | null,
    run: (trx: Tx, o: OrderRow) => Promise<{ o: OrderRow; push?: PushTo }>,
  ): Promise<OrderRow> {
    const { o, push } = await this.db.transaction().execute(async (trx) => {
      const cur = await repo.lockOrder(trx, id, userId ?? undefined)
      return run(trx, cur)
    })
    this.publish({
      users: [o.buyer_id, o.seller_id],
      event: { orderId: String(o.id), status: o.status },
      ...(push ? { push: { ...push, order: o } } : {}),
    })
    return o
  }

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
