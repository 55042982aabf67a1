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
import type * as v from 'valibot'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { identityGate } from '../../platform/identity/identity-gate'
import type { ModuleDeps } from '../../platform/module-deps'
import { staffGate } from '../../platform/staff/duties'
import { paymentToWire, traders } from './model'
import { c2cService } from './service'
import { publicTrader } from './view'

/** C2C fiat trading (issue 16): the prescribed API plus payment accounts, my ads, chat and the console. */
export async function c2cRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const svc = c2cService(db)
  const { ads, orders, appeals, chat } = svc
  await svc.init()
  const auth = { preHandler: requireUser }

  /** Public: ads on the shelf, best price first for the taker (a `sell` ad is one a visitor buys from). */
  app.get('/c2c/ads', { preHandler: optionalUser }, async (req) =>
    ok(await ads.shelf(parse(adsQuerySchema, req.query), req.user?.id ?? null)),
  )

  /** What the C2C pages need to know about me: identity, payment accounts, badge, today's cancellations. */
  app.get('/c2c/me', auth, async (req) => {
    const me = currentUser(req)
    const [gate, payments, who, cancels] = await Promise.all([
      identityGate(db, me.id, 'c2c'),
      svc.payments.list(me.id),
      traders(db, [me.id], svc.now()),
      orders.cancelsToday(me.id),
    ])
    return ok<C2cMe>({
      // May trade fiat: approved identity when required (`approvedRequired`), else basic details.
      verified: gate.ok,
      approvedRequired: gate.approvedRequired,
      identity: gate.state,
      realName: gate.realName,
      payments: payments.map(paymentToWire),
      trader: ((t) => (t ? publicTrader(t) : null))(who.get(me.id)),
      cancelsToday: cancels,
    })
  })

  app.post('/c2c/payment/save', auth, async (req) => {
    const me = currentUser(req)
    return ok(paymentToWire(await svc.payments.save(me.id, parse(paymentSaveSchema, req.body))))
  })
  app.post('/c2c/payment/delete', auth, async (req) => {
    const { id } = parse(idBodySchema, req.body)
    await svc.payments.remove(currentUser(req).id, id)
    return ok(null)
  })

  app.get('/c2c/my-ads', auth, async (req) => ok(await ads.mine(currentUser(req).id)))

  // Each ad change answers the ad as its advertiser sees it now.
  const adChange = (path: string, change: (me: string, id: string) => Promise<unknown>) =>
    app.post(path, auth, async (req) => {
      const me = currentUser(req).id
      const { id } = parse(idBodySchema, req.body)
      await change(me, id)
      return ok(await ads.one(id, me))
    })
  app.post('/c2c/ad/save', auth, async (req) => {
    const me = currentUser(req)
    const ad = await ads.save(me.id, parse(adSaveSchema, req.body))
    return ok(await ads.one(String(ad.id), me.id))
  })
  adChange('/c2c/ad/off', (me, id) => ads.off(me, id))
  adChange('/c2c/ad/on', (me, id) => ads.on(me, id))
  adChange('/c2c/ad/close', (me, id) => ads.off(me, id, true))

  // Each order step answers the order as the party sees it now.
  const answer = async (id: string, me: string) => ok(await orders.get(id, me))
  app.post('/c2c/order/create', auth, async (req) => {
    const me = currentUser(req)
    const o = await orders.create(me.id, parse(orderCreateSchema, req.body))
    return answer(String(o.id), me.id)
  })
  app.post('/c2c/quick', auth, async (req) => {
    const me = currentUser(req)
    const o = await orders.quick(me.id, parse(quickSchema, req.body))
    return answer(String(o.id), me.id)
  })
  // A step on an order named by the body's `id`; it answers the order after the step.
  const orderStep = <S extends v.GenericSchema<unknown, { id: string }>>(
    path: string,
    schema: S,
    step: (me: string, body: v.InferOutput<S>) => Promise<unknown>,
  ) =>
    app.post(path, auth, async (req) => {
      const me = currentUser(req).id
      const body = parse(schema, req.body)
      await step(me, body)
      return answer(body.id, me)
    })
  orderStep('/c2c/order/paid', paidSchema, (me, b) => orders.paid(me, b.id, b.proof))
  orderStep('/c2c/order/release', idBodySchema, (me, b) => orders.confirmRelease(me, b.id))
  orderStep('/c2c/order/cancel', idBodySchema, (me, b) => orders.cancel(me, b.id))
  orderStep('/c2c/order/appeal', appealSchema, (me, b) => appeals.open(me, b))
  orderStep('/c2c/order/settlement', settlementAnswerSchema, (me, b) => appeals.answer(me, b.id, b.accept))

  app.get('/c2c/orders', auth, async (req) => {
    const { status, page } = parse(ordersQuerySchema, req.query)
    return ok(await orders.list(currentUser(req).id, status, page))
  })

  app.get('/c2c/order/:id', auth, async (req) => {
    const { id } = parse(idParamsSchema, req.params)
    return answer(id, currentUser(req).id)
  })

  app.get('/c2c/order/:id/messages', auth, async (req) => {
    const { id } = parse(idParamsSchema, req.params)
    return ok(await chat.messages(currentUser(req).id, id))
  })

  app.post('/c2c/order/message', auth, async (req) =>
    ok(await chat.send(currentUser(req).id, parse(messageSchema, req.body))),
  )

  app.post('/c2c/order/read', auth, async (req) => {
    const { id, upTo } = parse(readSchema, req.body)
    await chat.markRead(currentUser(req).id, id, upTo)
    return ok(null)
  })

  /** A picture of an order (chat, payment proof, evidence, payment code): its parties and staff only. */
  app.get('/c2c/order/:id/image/:upload', auth, async (req, reply) => {
    const me = currentUser(req)
    const { id, upload } = parse(imageParamsSchema, req.params)
    // Staff see any order's pictures once set up, like the console (1700/1701); else as a party.
    const gate = await staffGate(db, me)
    const row = await orders.row(id, gate.staff ? null : me.id).catch((err: unknown) => {
      throw (!gate.staff && gate.refusal) || err
    })
    const img = await orders.picture(row, upload)
    reply.header('content-type', img.mime).header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    return Buffer.from(img.bytes)
  })
}
