import { type PayKind, sameName } from '@common/c2c/rules'
import type { PaymentMethod, PaymentSaveInput } from '@common/c2c/schema'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import type { C2cCore } from './core'
import { type PaymentRow, paymentToWire } from './model'
import * as repo from './repo'

/** At most this many live payment accounts per user. */
const MAX_ACCOUNTS = 20

/** A user's payment accounts (bank, Alipay, WeChat): in their verified name only. */
export class C2cPayments {
  constructor(private readonly core: C2cCore) {}

  list(userId: string): Promise<PaymentRow[]> {
    return repo.paymentsOf(this.core.db, userId)
  }

  async save(userId: string, input: PaymentSaveInput): Promise<PaymentRow> {
    const { db } = this.core
    const realName = await this.core.identityName(userId)
    if (!sameName(input.name, realName)) throw new AppError('c2cNameMismatch')
    const qr = 'qr' in input ? (input.qr ?? null) : null
    if (qr) await this.core.ownUploads(userId, [qr])
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
      const row = await repo.updatePayment(db, userId, input.id, values)
      if (!row) throw new AppError('c2cPaymentNotFound')
      return row
    }
    if ((await repo.countPayments(db, userId)) >= MAX_ACCOUNTS) throw new AppError('tooManyRequests')
    return repo.insertPayment(db, { ...values, user_id: userId })
  }

  async remove(userId: string, id: string): Promise<void> {
    const r = await repo.updatePayment(this.core.db, userId, id, { deleted: true, updated_at: new Date() })
    if (!r) throw new AppError('c2cPaymentNotFound')
  }

  /** The seller's accounts of the ad's kinds, as the order shows them (holder names match identity). */
  async snapshot(trx: Tx, sellerId: string, kinds: string[]): Promise<PaymentMethod[]> {
    const rows = await repo.paymentsOf(trx, sellerId, kinds as PayKind[])
    if (rows.length === 0) throw new AppError('c2cPaymentRequired')
    return rows.map(paymentToWire)
  }
}
