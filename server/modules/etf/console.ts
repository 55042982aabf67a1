import { redeemQuote, weightsValid } from '@common/etf/nav'
import type { EtfCreateInput, EtfProduct } from '@common/etf/schema'
import { normalize } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import { type BalanceKey, LedgerBatch, move, type Tx } from '../../ledger/ledger'
import { writeAudit } from '../../platform/staff/audit'
import type { EtfCtx } from './context'
import { ACCOUNT, desk, holderKey, USDT } from './desk'
import { launched } from './pricing'
import type { EtfReads } from './reads'
import type { EtfRebalance } from './rebalance'
import * as repo from './repo'

/** Who acts in the console: the staff member and their address, as the audit log records them. */
export type Actor = { actorId: string; ip?: string }

/**
 * The console's ETF page: create, pause, resume and close products, each audited after the
 * change. Nothing here sets a NAV: it always comes from the index prices.
 */
export class EtfConsole {
  constructor(
    private readonly etf: EtfCtx,
    private readonly reads: EtfReads,
    private readonly schedule: EtfRebalance,
  ) {}

  async create(input: EtfCreateInput, a: Actor): Promise<EtfProduct> {
    const { db } = this.etf
    if (await repo.codeTaken(db, input.code)) throw new AppError('etfExists')
    const known = (s: string) => this.etf.pricing.market.instrument(s) !== undefined
    if (input.kind === 'leveraged') {
      if (!input.underlying || !known(input.underlying)) throw new AppError('etfInvalid')
    } else {
      const comps = input.components ?? []
      const symbols = new Set(comps.map((c) => c.symbol))
      if (symbols.size !== comps.length || !comps.every((c) => known(c.symbol)))
        throw new AppError('etfInvalid')
      if (!weightsValid(comps.map((c) => c.weight))) throw new AppError('etfInvalid')
    }
    await repo.insertProduct(db, {
      code: input.code,
      name: input.name,
      kind: input.kind,
      underlying: input.kind === 'leveraged' ? (input.underlying ?? null) : null,
      leverage: input.kind === 'leveraged' ? (input.leverage ?? null) : null,
      components: JSON.stringify(
        input.kind === 'basket'
          ? (input.components ?? []).map((c) => ({
              symbol: c.symbol,
              weight: normalize(c.weight),
              units: null,
            }))
          : [],
      ),
      subscribe_fee: input.subscribeFee,
      redeem_fee: input.redeemFee,
      min_amount: input.minAmount,
    })
    await this.schedule.launchPending()
    const after = await repo.productOf(db, input.code)
    await writeAudit(db, {
      ...a,
      action: 'etf.create',
      targetType: 'etf_product',
      targetId: after.code,
      before: null,
      after,
      reason: input.reason,
    })
    return this.reads.toWire(after)
  }

  /** Pause or resume (a closed product stays closed); close redeems every holder first. */
  async status(
    code: string,
    action: 'pause' | 'resume' | 'close',
    reason: string,
    a: Actor,
  ): Promise<EtfProduct & { redeemedHolders: number }> {
    const audit = (before: unknown, after: unknown) =>
      writeAudit(this.etf.db, {
        ...a,
        action: `etf.${action}`,
        targetType: 'etf_product',
        targetId: code,
        before,
        after,
        reason,
      })
    if (action === 'close') {
      const r = await this.close(code, a.actorId)
      await audit(r.before, { ...r.after, redeemedHolders: r.holders, closeNav: r.nav })
      return { ...(await this.reads.toWire(r.after)), redeemedHolders: r.holders }
    }
    const r = await this.setStatus(code, action === 'pause' ? 'paused' : 'active')
    await audit(r.before, r.after)
    return { ...(await this.reads.toWire(r.after)), redeemedHolders: 0 }
  }

  private async setStatus(code: string, status: 'active' | 'paused') {
    return this.etf.db.transaction().execute(async (trx) => {
      const before = await repo.productOf(trx, code, true)
      if (before.status === 'closed') throw new AppError('etfClosed')
      await repo.updateProduct(trx, code, { status, updated_at: new Date() })
      return { before, after: await repo.productOf(trx, code) }
    })
  }

  /**
   * Closes a product: every holder's units are redeemed at the NAV of this moment, without a fee,
   * through the ledger (one entry per holder), then the product takes no more orders.
   */
  private async close(code: string, actorId: string) {
    await this.etf.seedDesk()
    return this.etf.db.transaction().execute(async (trx) => {
      const before = await repo.productOf(trx, code, true)
      if (before.status === 'closed') throw new AppError('etfClosed')
      const nav = launched(before) ? this.etf.pricing.navOf({ ...before, status: 'active' }) : null
      if (launched(before) && nav === null) throw new AppError('etfNoPrice')
      const holders = await repo.holdersOf(trx, ACCOUNT, code)
      if (holders.length && nav !== null) await redeemAll(trx, code, nav, holders, actorId)
      await repo.updateProduct(trx, code, { status: 'closed', close_nav: nav, updated_at: new Date() })
      return { before, after: await repo.productOf(trx, code), holders: holders.length, nav }
    })
  }
}

/** Every holder's units back to the desk at `nav`, fee-free: one order and one entry per holder. */
async function redeemAll(
  trx: Tx,
  code: string,
  nav: string,
  holders: { holder: string; available: string }[],
  actorId: string,
): Promise<void> {
  const batch = new LedgerBatch(trx)
  const keys: BalanceKey[] = [desk(code), desk(USDT)]
  for (const h of holders) keys.push(holderKey(h.holder, code), holderKey(h.holder, USDT))
  await batch.lock(keys)
  const orders = holders.map((h) => {
    const units = normalize(h.available)
    const { gross } = redeemQuote(units, nav, '0')
    return { holder: h.holder, product: code, side: 'close' as const, amount: gross, units, nav, fee: '0' }
  })
  const ids = await repo.insertOrders(trx, orders)
  for (const [i, o] of orders.entries())
    batch.post({
      reason: 'etf_redeem',
      refType: 'etf_order',
      refId: String(ids[i]),
      actorId,
      memo: `product ${code} closed`,
      postings: [
        ...move(holderKey(o.holder, code), desk(code), o.units),
        ...move(desk(USDT), holderKey(o.holder, USDT), o.amount),
      ],
    })
  await batch.flush()
}
