import { dayStartUtc8 } from '@common/c2c/rules'
import {
  adSaveSchema,
  adsQuerySchema,
  appealSchema,
  idBodySchema,
  idParamsSchema,
  imageParamsSchema,
  messageSchema,
  orderCreateSchema,
  ordersQuerySchema,
  paidSchema,
  paymentSaveSchema,
  quickSchema,
  readSchema,
  settlementAnswerSchema,
} from '@common/c2c/schema'
import type { C2cMe } from '@common/c2c/types'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { approvedIdentityRequired, identityGate } from '../../platform/identity/identity-gate'
import { staffGate } from '../../platform/staff/duties'
import type { ModuleDeps } from '../index'
import { c2cAdminRoutes } from './admin-routes'
import { c2cBus } from './bus'
import { badgedMerchants, eligibleAdvertiser, messageToWire, paymentToWire, traders } from './model'
import { c2cService } from './service'
import { adsToWire, loadOrder, messagesOf, ordersToWire, orderUsesUpload, publicTrader } from './view'

const PAGE = 20

/** C2C fiat trading (issue 16): the prescribed API plus payment accounts, my ads, chat and the console. */
export async function c2cRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const svc = c2cService(db)
  await svc.init()
  const auth = { preHandler: requireUser }

  /** Public: ads on the shelf, best price first for the taker (a `sell` ad is one a visitor buys from). */
  app.get('/c2c/ads', { preHandler: optionalUser }, async (req) => {
    const q = parse(adsQuerySchema, req.query)
    let sel = db
      .selectFrom('c2c_ad')
      .selectAll()
      .where('status', '=', 'online')
      .where('side', '=', q.side)
      .where('coin', '=', q.coin)
      .where('fiat', '=', q.fiat)
      // An ad whose remainder is below its minimum order is hidden (nothing could be ordered).
      .where(sql<boolean>`remaining * price >= min_amount`)
      // Only advertisers who meet the identity requirement (an ad from before it stays hidden).
      .where(eligibleAdvertiser(await approvedIdentityRequired(db, 'c2c')))
    if (q.merchant === '1' || q.merchant === 'true') sel = sel.where('user_id', 'in', badgedMerchants(db))
    if (q.payKind) sel = sel.where(sql<boolean>`pay_kinds @> ${JSON.stringify([q.payKind])}::jsonb`)
    if (q.amount)
      sel = sel
        .where('min_amount', '<=', q.amount)
        .where('max_amount', '>=', q.amount)
        .where(sql<boolean>`remaining * price >= ${q.amount}::numeric`)
    const rows = await sel
      .orderBy('price', q.side === 'sell' ? 'asc' : 'desc')
      .orderBy('id')
      .limit(100)
      .execute()
    return ok(await adsToWire(db, rows, req.user?.id ?? null, svc.now()))
  })

  /** What the C2C pages need to know about me: identity, payment accounts, badge, today's cancellations. */
  app.get('/c2c/me', auth, async (req) => {
    const me = currentUser(req)
    const [gate, payments, who, cancels] = await Promise.all([
      identityGate(db, me.id, 'c2c'),
      svc.payments(me.id),
      traders(db, [me.id], svc.now()),
      db
        .selectFrom('c2c_order')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('buyer_id', '=', me.id)
        .where('status', 'in', ['cancelled', 'timeout'])
        .where('done_at', '>=', new Date(dayStartUtc8(svc.now())))
        .executeTakeFirstOrThrow(),
    ])
    return ok<C2cMe>({
      // May trade fiat: approved identity when required (`approvedRequired`), else basic details.
      verified: gate.ok,
      approvedRequired: gate.approvedRequired,
      identity: gate.state,
      realName: gate.realName,
      payments: payments.map(paymentToWire),
      trader: ((t) => (t ? publicTrader(t) : null))(who.get(me.id)),
      cancelsToday: cancels.n,
    })
  })

  app.post('/c2c/payment/save', auth, async (req) => {
    const me = currentUser(req)
    return ok(paymentToWire(await svc.savePayment(me.id, parse(paymentSaveSchema, req.body))))
  })
  app.post('/c2c/payment/delete', auth, async (req) => {
    const { id } = parse(idBodySchema, req.body)
    await svc.deletePayment(currentUser(req).id, id)
    return ok(null)
  })

  app.get('/c2c/my-ads', auth, async (req) => {
    const me = currentUser(req)
    const rows = await db
      .selectFrom('c2c_ad')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute()
    return ok(await adsToWire(db, rows, me.id, svc.now()))
  })

  const oneAd = async (id: string, me: string) =>
    (
      await adsToWire(
        db,
        [await db.selectFrom('c2c_ad').selectAll().where('id', '=', id).executeTakeFirstOrThrow()],
        me,
        svc.now(),
      )
    )[0]

  app.post('/c2c/ad/save', auth, async (req) => {
    const me = currentUser(req)
    const ad = await svc.saveAd(me.id, parse(adSaveSchema, req.body))
    return ok(await oneAd(String(ad.id), me.id))
  })
  app.post('/c2c/ad/off', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    await svc.adOff(me.id, id)
    return ok(await oneAd(id, me.id))
  })
  app.post('/c2c/ad/on', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    await svc.adOn(me.id, id)
    return ok(await oneAd(id, me.id))
  })
  app.post('/c2c/ad/close', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    await svc.adOff(me.id, id, true)
    return ok(await oneAd(id, me.id))
  })

  const answer = async (id: string, me: string) => ok((await loadOrder(db, id, me, svc.now())).wire)

  app.post('/c2c/order/create', auth, async (req) => {
    const me = currentUser(req)
    const o = await svc.createOrder(me.id, parse(orderCreateSchema, req.body))
    return answer(String(o.id), me.id)
  })
  app.post('/c2c/quick', auth, async (req) => {
    const me = currentUser(req)
    const o = await svc.quick(me.id, parse(quickSchema, req.body))
    return answer(String(o.id), me.id)
  })
  app.post('/c2c/order/paid', auth, async (req) => {
    const me = currentUser(req)
    const { id, proof } = parse(paidSchema, req.body)
    await svc.paid(me.id, id, proof)
    return answer(id, me.id)
  })
  app.post('/c2c/order/release', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    await svc.confirmRelease(me.id, id)
    return answer(id, me.id)
  })
  app.post('/c2c/order/cancel', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(idBodySchema, req.body)
    await svc.cancel(me.id, id)
    return answer(id, me.id)
  })
  app.post('/c2c/order/appeal', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(appealSchema, req.body)
    await svc.appeal(me.id, body)
    return answer(body.id, me.id)
  })
  app.post('/c2c/order/settlement', auth, async (req) => {
    const me = currentUser(req)
    const { id, accept } = parse(settlementAnswerSchema, req.body)
    await svc.answerSettlement(me.id, id, accept)
    return answer(id, me.id)
  })

  app.get('/c2c/orders', auth, async (req) => {
    const me = currentUser(req)
    const { status, page } = parse(ordersQuerySchema, req.query)
    let q = db
      .selectFrom('c2c_order')
      .selectAll()
      .where((eb) => eb.or([eb('buyer_id', '=', me.id), eb('seller_id', '=', me.id)]))
    if (status === 'open') q = q.where('status', 'in', ['unpaid', 'paid', 'appeal'])
    if (status === 'done') q = q.where('status', 'not in', ['unpaid', 'paid', 'appeal'])
    const rows = await q
      .orderBy('id', 'desc')
      .limit(PAGE + 1)
      .offset((page - 1) * PAGE)
      .execute()
    return ok({
      list: await ordersToWire(db, rows.slice(0, PAGE), me.id, svc.now()),
      hasMore: rows.length > PAGE,
    })
  })

  app.get('/c2c/order/:id', auth, async (req) => {
    const { id } = parse(idParamsSchema, req.params)
    return answer(id, currentUser(req).id)
  })

  app.get('/c2c/order/:id/messages', auth, async (req) => {
    const { id } = parse(idParamsSchema, req.params)
    await loadOrder(db, id, currentUser(req).id, svc.now())
    return ok(await messagesOf(db, id))
  })

  app.post('/c2c/order/message', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(messageSchema, req.body)
    const { o, m } = await svc.send(me.id, body)
    const message = messageToWire(m)
    c2cBus(db).toUsers([o.buyer_id, o.seller_id], { orderId: String(o.id), status: o.status, message })
    return ok(message)
  })

  app.post('/c2c/order/read', auth, async (req) => {
    const { id, upTo } = parse(readSchema, req.body)
    await svc.markRead(currentUser(req).id, id, upTo)
    return ok(null)
  })

  /** A picture of an order (chat, payment proof, evidence, payment code): its parties and staff only. */
  app.get('/c2c/order/:id/image/:upload', auth, async (req, reply) => {
    const me = currentUser(req)
    const { id, upload } = parse(imageParamsSchema, req.params)
    // Staff see any order's pictures once set up, like the console (1700/1701); else as a party.
    const gate = await staffGate(db, me)
    const { row } = await loadOrder(db, id, gate.staff ? null : me.id, svc.now()).catch((err: unknown) => {
      throw (!gate.staff && gate.refusal) || err
    })
    if (!(await orderUsesUpload(db, row, upload))) throw new AppError('notFound')
    const img = await db
      .selectFrom('upload')
      .select(['mime', 'bytes'])
      .where('id', '=', upload)
      .executeTakeFirst()
    if (!img) throw new AppError('notFound')
    reply.header('content-type', img.mime).header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    return Buffer.from(img.bytes)
  })

  await app.register(c2cAdminRoutes, { ...deps, prefix: '/admin/c2c' })
}
