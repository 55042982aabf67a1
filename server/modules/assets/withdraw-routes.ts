import {
  addressBookModeSchema,
  addressBookSaveSchema,
  coinQuerySchema,
  idBodySchema,
  statusPageQuerySchema,
  withdrawSchema,
} from '@common/assets/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { checkTradePassword } from '../../http/guards'
import { parse } from '../../http/validate'
import { autoApprove } from './chain/approve'
import { type AssetsCtx, feed, ms } from './context'
import { addressBook, addressBookOnly, deleteBookEntry, reviewPage, setAddressBookOnly } from './repo'
import { withdrawalView } from './review'
import { requestWithdrawal, saveBookEntry, withdrawInfo } from './withdrawals'

/** Withdrawals (funds frozen at request, paid or returned at review) and the address book. */
export async function withdrawRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }

  app.get('/assets/withdraw/info', auth, async (req) => {
    const { coin } = parse(coinQuerySchema, req.query)
    return ok(await withdrawInfo(db, currentUser(req).id, coin))
  })

  app.post('/assets/withdraw', auth, async (req) => {
    const userId = currentUser(req).id
    const body = parse(withdrawSchema, req.body)
    const r = await requestWithdrawal(db, userId, body)
    // On a chain paid by the hot wallet: to an address-book address under the limit, no operator.
    return ok({ ...r, status: await autoApprove(db, ctx.config.chains, userId, { ...body, id: r.id }) })
  })

  app.get('/assets/withdrawals', auth, async (req) => {
    const q = parse(statusPageQuerySchema, req.query)
    const page = await reviewPage(db, 'withdrawal', { ...q, userId: currentUser(req).id })
    return ok(feed(page, (r) => ({ ...withdrawalView(r), at: ms(r.created_at) })))
  })

  app.get('/assets/address-book', auth, async (req) => {
    const me = currentUser(req)
    const rows = await addressBook(db, me.id)
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

  app.post('/assets/address-book/save', auth, async (req) =>
    ok(await saveBookEntry(db, currentUser(req).id, parse(addressBookSaveSchema, req.body))),
  )

  app.post('/assets/address-book/delete', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    if (!(await deleteBookEntry(db, me.id, id))) throw new AppError('notFound')
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
    await setAddressBookOnly(db, me.id, body.only)
    return ok({ only: body.only })
  })
}
