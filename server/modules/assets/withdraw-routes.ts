import { isValidAddress } from '@common/assets/address'
import { chainDef, coinDef } from '@common/assets/chains'
import { withdrawAmounts } from '@common/assets/math'
import {
  addressBookModeSchema,
  addressBookSaveSchema,
  coinQuerySchema,
  idBodySchema,
  statusPageQuerySchema,
  withdrawSchema,
} from '@common/assets/schema'
import { normalize } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds, checkTradePassword } from '../../http/guards'
import { parse } from '../../http/validate'
import { freeze, postEntry, readBalances } from '../../ledger/ledger'
import { getUser } from '../../platform/identity/users'
import { assertLoanUnlocked, withdrawable } from '../../platform/ports/loan-lock'
import { consumeCode } from '../../platform/verify/codes'
import { checkGoogle } from '../../platform/verify/second-factor'
import { type AssetsCtx, assetPrecision, checkDecimals, ms, newId, paged } from './context'

export async function addressBookOnly(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('asset_user_setting')
    .select('address_book_only')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.address_book_only ?? false
}

/** Withdrawals (funds frozen at request, paid or returned at review) and the address book. */
export async function withdrawRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }

  app.get('/assets/withdraw/info', auth, async (req) => {
    const me = currentUser(req)
    const { coin } = parse(coinQuerySchema, req.query)
    const def = coinDef(coin)
    if (!def) throw new AppError('unsupportedChain')
    const precision = await assetPrecision(db, coin)
    const [bal] = await readBalances(db, me.id, { account: 'funding', asset: coin })
    const u = await getUser(db, me.id)
    return ok({
      coin,
      precision,
      // What is owed on open loans in this coin stays in the funding account (./loan-lock.ts).
      withdrawable: await withdrawable(db, me.id, coin, bal?.available ?? '0'),
      chains: def.chains.map((c) => ({
        chain: c.id,
        family: c.family,
        fee: c.fee,
        minWithdraw: c.minWithdraw,
      })),
      addressBookOnly: await addressBookOnly(db, me.id),
      hasTradePassword: u.trade_password_hash !== null,
      needs: { google: u.google_verify, sms: u.sms_verify, email: u.email_verify },
    })
  })

  app.post('/assets/withdraw', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(withdrawSchema, req.body)
    const def = chainDef(body.coin, body.chain)
    if (!def) throw new AppError('unsupportedChain')
    checkDecimals(body.amount, await assetPrecision(db, body.coin), 'amount', body.coin)
    if (!isValidAddress(def.family, body.address)) throw new AppError('invalidAddress')
    const amounts = withdrawAmounts(body.amount, def)
    if (!amounts.ok)
      throw new AppError('belowWithdrawMinimum', { data: { min: def.minWithdraw, fee: def.fee } })
    // Refused before any code is asked for; checked again, under the lock, in the transaction.
    await assertCanMoveFunds(db, me.id)
    if (await addressBookOnly(db, me.id)) {
      const inBook = await db
        .selectFrom('address_book')
        .select('id')
        .where('user_id', '=', me.id)
        .where('asset', '=', body.coin)
        .where('chain', '=', body.chain)
        .where('address', '=', body.address)
        .executeTakeFirst()
      if (!inBook) throw new AppError('addressNotInBook')
    }
    await checkTradePassword(db, me.id, body.tradePassword)
    const u = await getUser(db, me.id)
    if (u.google_verify) {
      if (!body.googleCode) throw new AppError('secondFactorRequired', { data: { field: 'googleCode' } })
      await checkGoogle(db, u, body.googleCode)
    }
    if (u.sms_verify) {
      if (!body.smsCode || !u.phone)
        throw new AppError('secondFactorRequired', { data: { field: 'smsCode' } })
      await consumeCode(db, 'security', u.phone, body.smsCode)
    }
    if (u.email_verify) {
      if (!body.emailCode || !u.email)
        throw new AppError('secondFactorRequired', { data: { field: 'emailCode' } })
      await consumeCode(db, 'security', u.email, body.emailCode)
    }
    const id = newId()
    await db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, me.id)
      await assertLoanUnlocked(trx, me.id, body.coin, body.amount)
      await postEntry(trx, {
        reason: 'withdraw_freeze',
        refType: 'withdrawal',
        refId: id,
        actorId: me.id,
        postings: freeze({ holder: me.id, account: 'funding', asset: body.coin }, body.amount),
      })
      await trx
        .insertInto('withdrawal')
        .values({
          id,
          user_id: me.id,
          asset: body.coin,
          chain: body.chain,
          address: body.address,
          amount: body.amount,
          fee: amounts.fee,
        })
        .execute()
    })
    return ok({ id, status: 'pending', fee: amounts.fee, net: amounts.net })
  })

  app.get('/assets/withdrawals', auth, async (req) => {
    const me = currentUser(req)
    const { page, size } = parse(statusPageQuerySchema, req.query)
    const rows = await db
      .selectFrom('withdrawal')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute()
    return ok(
      paged(rows, size, (r) => ({
        id: r.id,
        coin: r.asset,
        chain: r.chain,
        address: r.address,
        amount: normalize(r.amount),
        fee: normalize(r.fee),
        status: r.status,
        txHash: r.tx_hash,
        rejectReason: r.reject_reason,
        at: ms(r.created_at),
        reviewedAt: ms(r.reviewed_at),
      })),
    )
  })

  app.get('/assets/address-book', auth, async (req) => {
    const me = currentUser(req)
    const rows = await db
      .selectFrom('address_book')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute()
    return ok({
      only: await addressBookOnly(db, me.id),
      list: rows.map((r) => ({
        id: r.id,
        coin: r.asset,
        chain: r.chain,
        address: r.address,
        remark: r.remark,
        at: ms(r.created_at),
      })),
    })
  })

  app.post('/assets/address-book/save', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(addressBookSaveSchema, req.body)
    const def = chainDef(body.coin, body.chain)
    if (!def) throw new AppError('unsupportedChain')
    if (!isValidAddress(def.family, body.address)) throw new AppError('invalidAddress')
    const dup = await db
      .selectFrom('address_book')
      .select('id')
      .where('user_id', '=', me.id)
      .where('asset', '=', body.coin)
      .where('chain', '=', body.chain)
      .where('address', '=', body.address)
      .executeTakeFirst()
    if (dup && dup.id !== body.id) throw new AppError('addressExists')
    const values = { asset: body.coin, chain: body.chain, address: body.address, remark: body.remark }
    if (body.id) {
      const res = await db
        .updateTable('address_book')
        .set(values)
        .where('id', '=', body.id)
        .where('user_id', '=', me.id)
        .returning('id')
        .executeTakeFirst()
      if (!res) throw new AppError('notFound')
      return ok({ id: body.id })
    }
    const id = newId()
    await db
      .insertInto('address_book')
      .values({ id, user_id: me.id, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'asset', 'chain', 'address']).doNothing())
      .execute()
    return ok({ id })
  })

  app.post('/assets/address-book/delete', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    const res = await db
      .deleteFrom('address_book')
      .where('id', '=', id)
      .where('user_id', '=', me.id)
      .returning('id')
      .executeTakeFirst()
    if (!res) throw new AppError('notFound')
    return ok(null)
  })

  app.post('/assets/address-book/mode', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(addressBookModeSchema, req.body)
    if (!body.only) {
      if (!body.tradePassword)
        throw new AppError('invalidField', {
          msg: 'Invalid value for tradePassword',
          data: { field: 'tradePassword', reason: 'invalid_trade_password' },
        })
      await checkTradePassword(db, me.id, body.tradePassword)
    }
    await db
      .insertInto('asset_user_setting')
      .values({ user_id: me.id, address_book_only: body.only })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ address_book_only: body.only }))
      .execute()
    return ok({ only: body.only })
  })
}
