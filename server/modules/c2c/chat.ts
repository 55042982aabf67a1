import { isOpenStatus } from '@common/c2c/rules'
import type { C2cMessage } from '@common/c2c/schema'
import { AppError } from '../../http/errors'
import { c2cBus } from './bus'
import * as chatRepo from './chat-repo'
import type { C2cCore } from './core'
import { messageToWire } from './model'
import * as repo from './repo'
import { loadOrder, messagesOf } from './view'

/** An order's chat between its parties: open while the order is, pictures sent once each. */
export class C2cChat {
  constructor(private readonly core: C2cCore) {}

  /** The latest lines of a party's order (anyone else: no such order). */
  async messages(userId: string, id: string): Promise<C2cMessage[]> {
    await loadOrder(this.core.db, id, userId, this.core.now())
    return messagesOf(this.core.db, id)
  }

  /** A party's message; both parties get it live after the commit. */
  async send(userId: string, input: { id: string; body: string; image?: string }): Promise<C2cMessage> {
    if (input.image) await this.core.ownUploads(userId, [input.image])
    const { o, m } = await this.core.db.transaction().execute(async (trx) => {
      const o = await repo.lockOrder(trx, input.id, userId)
      if (!isOpenStatus(o.status)) throw new AppError('c2cChatClosed')
      if (input.image && (await chatRepo.chatImageUsed(trx, input.image)))
        throw new AppError('c2cImageInvalid')
      // The sender has read up to their own message.
      const m = await chatRepo.insertMessage(trx, o, userId, {
        body: input.body,
        image: input.image ?? null,
        at: new Date(this.core.now()),
      })
      return { o, m }
    })
    const message = messageToWire(m)
    c2cBus(this.core.db).toUsers([o.buyer_id, o.seller_id], {
      orderId: String(o.id),
      status: o.status,
      message,
    })
    return message
  }

  async markRead(userId: string, id: string, upTo: string): Promise<void> {
    await this.core.db.transaction().execute(async (trx) => {
      const o = await repo.lockOrder(trx, id, userId)
      await chatRepo.markRead(trx, o, userId, upTo)
    })
  }
}
