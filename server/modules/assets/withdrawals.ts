import { isValidAddress } from '@common/assets/address'
import { chainDef, coinDef } from '@common/assets/chains'
import { withdrawAmounts } from '@common/assets/math'
import type { addressBookSaveSchema, withdrawSchema } from '@common/assets/schema'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds, checkTradePassword } from '../../http/guards'
import { freeze, postEntry, readBalances } from '../../ledger/ledger'
import { getUser } from '../../platform/identity/users'
import { assertLoanUnlocked, withdrawable } from '../../platform/ports/loan-lock'
import { consumeCode } from '../../platform/verify/codes'
import { checkGoogle } from '../../platform/verify/second-factor'
import { assetPrecision, checkDecimals, newId } from './context'
import { addressBookOnly, bookEntry, insertBookEntry, insertWithdrawal, updateBookEntry } from './repo'

/** What the withdraw page needs: chains and fees, what may leave, the checks the request will ask for. */
export async function withdrawInfo(db: Db, userId: string, coin: string) {
  const def = coinDef(coin)
  if (!def) throw new AppError('unsupportedChain')
  const precision = await assetPrecision(db, coin)
  const [bal] = await readBalances(db, userId, { account: 'funding', asset: coin })
  const u = await getUser(db, userId)
  return {
    coin,
    precision,
    // What is owed on open loans in this coin stays in the funding account (./loan-lock.ts).
    withdrawable: await withdrawable(db, userId, coin, bal?.available ?? '0'),
    chains: def.chains.map((c) => ({
      chain: c.id,
      family: c.family,
      fee: c.fee,
      minWithdraw: c.minWithdraw,
    })),
    addressBookOnly: await addressBookOnly(db, userId),
    hasTradePassword: u.trade_password_hash !== null,
    needs: { google: u.google_verify, sms: u.sms_verify, email: u.email_verify },
  }
}

/**
 * A withdrawal request: the address (in the book, when the user asked for that), the trade
 * password and every second factor the user has on are checked first; then the amount is frozen
 * in the funding account, unless what is owed on open loans must stay there.
 */
export async function requestWithdrawal(db: Db, userId: string, body: v.InferOutput<typeof withdrawSchema>) {
  const def = chainDef(body.coin, body.chain)
  if (!def) throw new AppError('unsupportedChain')
  checkDecimals(body.amount, await assetPrecision(db, body.coin), 'amount', body.coin)
  if (!isValidAddress(def.family, body.address)) throw new AppError('invalidAddress')
  const amounts = withdrawAmounts(body.amount, def)
  if (!amounts.ok)
    throw new AppError('belowWithdrawMinimum', { data: { min: def.minWithdraw, fee: def.fee } })
  // Refused before any code is asked for; checked again, under the lock, in the transaction.
  await assertCanMoveFunds(db, userId)
  if (await addressBookOnly(db, userId)) {
    if (!(await bookEntry(db, userId, body))) throw new AppError('addressNotInBook')
  }
  await checkTradePassword(db, userId, body.tradePassword)
  const u = await getUser(db, userId)
  if (u.google_verify) {
    if (!body.googleCode) throw new AppError('secondFactorRequired', { data: { field: 'googleCode' } })
    await checkGoogle(db, u, body.googleCode)
  }
  if (u.sms_verify) {
    if (!body.smsCode || !u.phone) throw new AppError('secondFactorRequired', { data: { field: 'smsCode' } })
    await consumeCode(db, 'security', u.phone, body.smsCode)
  }
  if (u.email_verify) {
    if (!body.emailCode || !u.email)
      throw new AppError('secondFactorRequired', { data: { field: 'emailCode' } })
    await consumeCode(db, 'security', u.email, body.emailCode)
  }
  const id = newId()
  await db.transaction().execute(async (trx) => {
    await assertCanMoveFunds(trx, userId)
    await assertLoanUnlocked(trx, userId, body.coin, body.amount)
    await postEntry(trx, {
      reason: 'withdraw_freeze',
      refType: 'withdrawal',
      refId: id,
      actorId: userId,
      postings: freeze({ holder: userId, account: 'funding', asset: body.coin }, body.amount),
    })
    await insertWithdrawal(trx, {
      id,
      user_id: userId,
      asset: body.coin,
      chain: body.chain,
      address: body.address,
      amount: body.amount,
      fee: amounts.fee,
    })
  })
  return { id, status: 'pending', fee: amounts.fee, net: amounts.net }
}

/** Adds or changes an address book entry (one per coin, chain and address). */
export async function saveBookEntry(
  db: Db,
  userId: string,
  body: v.InferOutput<typeof addressBookSaveSchema>,
) {
  const def = chainDef(body.coin, body.chain)
  if (!def) throw new AppError('unsupportedChain')
  if (!isValidAddress(def.family, body.address)) throw new AppError('invalidAddress')
  const dup = await bookEntry(db, userId, body)
  if (dup && dup !== body.id) throw new AppError('addressExists')
  const values = { asset: body.coin, chain: body.chain, address: body.address, remark: body.remark }
  if (body.id) {
    if (!(await updateBookEntry(db, userId, body.id, values))) throw new AppError('notFound')
    return { id: body.id }
  }
  const id = newId()
  await insertBookEntry(db, userId, id, values)
  return { id }
}
