import { normalize, round } from '@common/money/decimal'
import type { Db } from '../../../db/db'
import { fromDepositClearing, postEntry } from '../../../ledger/ledger'
import { precisionOrWidest } from '../../../ledger/precision'
import { pushService } from '../../../platform/notify/push-service'
import { newId } from '../context'
import { depositCreditedText } from '../push-texts'
import { insertDeposit } from '../repo'
import { lockDeposit, markCredited } from './repo'

/**
 * Credits one confirmed transfer, exactly once: the row is locked first, then its status read; only
 * a pending row becomes credited, in the same transaction as the deposit record and the `recharge`
 * entry (deposit_clearing pays the user's funding account). The user is notified after commit.
 * Returns whether this call credited it.
 */
export async function creditTransfer(db: Db, id: string): Promise<boolean> {
  const done = await db.transaction().execute(async (trx) => {
    const d = await lockDeposit(trx, id)
    if (d?.status !== 'pending') return null
    const amount = normalize(round(normalize(d.amount), await precisionOrWidest(trx, d.asset), 'down'))
    const depositId = newId()
    await insertDeposit(trx, {
      id: depositId,
      user_id: d.user_id,
      asset: d.asset,
      chain: d.chain,
      address: d.address,
      amount,
      status: 'credited',
      credited_amount: amount,
      reviewed_at: new Date(),
    })
    await postEntry(trx, {
      reason: 'recharge',
      refType: 'deposit',
      refId: depositId,
      postings: fromDepositClearing({ holder: d.user_id, account: 'funding', asset: d.asset }, amount),
    })
    await markCredited(trx, d.id, depositId)
    return { userId: d.user_id, amount, coin: d.asset, chain: d.chain, depositId }
  })
  if (!done) return false
  const push = pushService(db)
  push.background('deposit push', () =>
    push.notify(done.userId, 'notice', (lang) => ({
      ...depositCreditedText(lang, { amount: done.amount, coin: done.coin, chain: done.chain }),
      icon: '/icons/icon-192.png',
      tag: `deposit-${done.depositId}`,
      url: '/#/pages/assets/my-assets',
    })),
  )
  return true
}
