import {
  adminOrdersQuerySchema,
  decideSchema,
  idParamsSchema,
  merchantSchema,
  suggestSchema,
} from '@common/c2c/schema'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { fourEyes } from '../../platform/staff/duties'
import { assertStaffReady } from '../../platform/staff/staff'
import type { ModuleDeps } from '../index'
import type { OrderRow } from './model'
import { c2cService } from './service'
import { loadOrder, messagesOf, ordersToWire } from './view'

const appealsQuery = v.object({ status: v.optional(v.picklist(['open', 'suggested', 'decided']), 'open') })

/**
 * /api/admin/c2c/*: the console's C2C pages behind the staff guard. The appeals queue (order,
 * chat and evidence side by side), decisions (buyer wins, seller wins, reject) and settlement
 * suggestions, the order search and merchants. Every decision and change is audited in the
 * transaction that makes it.
 */
export async function c2cAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const svc = c2cService(db)
  /** After an appeal decision or suggestion: both parties told (live event, push); the order as staff see it. */
  const decided = async (o: OrderRow, id: string) => {
    svc.publish({
      users: [o.buyer_id, o.seller_id],
      event: { orderId: String(o.id), status: o.status },
      push: { to: [o.buyer_id, o.seller_id], kind: 'decision', order: o },
    })
    return (await loadOrder(db, id, null, svc.now())).wire
  }
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  app.get('/appeals', async (req) => {
    const { status } = parse(appealsQuery, req.query)
    const rows = await db
      .selectFrom('c2c_order as o')
      .innerJoin('c2c_appeal as a', 'a.order_id', 'o.id')
      .selectAll('o')
      .where('a.status', '=', status)
      .orderBy('a.created_at', status === 'decided' ? 'desc' : 'asc')
      .limit(200)
      .execute()
    return ok(await ordersToWire(db, rows, null, svc.now()))
  })

  app.get('/orders', async (req) => {
    const q = parse(adminOrdersQuerySchema, req.query)
    let sel = db.selectFrom('c2c_order as o').selectAll('o')
    if (q.status) sel = sel.where('o.status', '=', q.status)
    if (q.q) {
      const term = q.q
      sel = sel.where((eb) =>
        eb.or([
          ...(/^\d{1,18}$/.test(term) ? [eb('o.id', '=', term)] : []),
          eb(
            'o.buyer_id',
            'in',
            eb
              .selectFrom('users')
              .select('id')
              .where((u) =>
                u.or([
                  u('email', '=', term.toLowerCase()),
                  u('phone', '=', term),
                  u(u.cast('uid', 'text'), '=', term),
                ]),
              ),
          ),
          eb(
            'o.seller_id',
            'in',
            eb
              .selectFrom('users')
              .select('id')
              .where((u) =>
                u.or([
                  u('email', '=', term.toLowerCase()),
                  u('phone', '=', term),
                  u(u.cast('uid', 'text'), '=', term),
                ]),
              ),
          ),
        ]),
      )
    }
    const rows = await sel.orderBy('o.id', 'desc').limit(200).execute()
    return ok(await ordersToWire(db, rows, null, svc.now()))
  })

  /** One order with its chat and both parties' identities: what deciding an appeal needs. */
  app.get('/order/:id', async (req) => {
    const { id } = parse(idParamsSchema, req.params)
    const { row, wire } = await loadOrder(db, id, null, svc.now())
    const people = await db
      .selectFrom('users as u')
      .leftJoin('identity as i', 'i.user_id', 'u.id')
      .select(['u.id', 'u.uid', 'u.email', 'u.phone', 'u.nickname', 'i.real_name'])
      .where('u.id', 'in', [row.buyer_id, row.seller_id])
      .execute()
    return ok({ order: wire, messages: await messagesOf(db, id), people })
  })

  // Deciding for the buyer or the seller moves the escrow: above the four-eyes limit a second staff
  // member approves it (server/modules/admin/duties.ts). Never on one's own order (1705).
  const decide = fourEyes(deps, {
    kind: 'c2c.decide',
    caseType: 'c2c_order',
    caseId: (b: v.InferOutput<typeof decideSchema>) => b.id,
    moves: async (d, b) => {
      if (b.outcome === 'reject') return null
      const o = await d
        .selectFrom('c2c_order')
        .select(['coin', 'quantity', 'status'])
        .where('id', '=', b.id)
        .executeTakeFirst()
      return o?.status === 'appeal' ? { asset: o.coin, amount: String(o.quantity) } : null
    },
    run: async (ctx, body) => {
      const after = await db.transaction().execute(async (trx) => {
        const r = await svc.decide(trx, body.id, body.outcome, body.reason, ctx.actorId)
        await ctx.audit(trx, {
          action: `c2c.appeal_${body.outcome}`,
          targetType: 'c2c_order',
          targetId: body.id,
          before: {
            status: r.before.order.status,
            appeal: r.before.appeal.status,
            quantity: r.before.order.quantity,
          },
          after: { status: r.after.status, settledToBuyer: r.after.settled_to_buyer },
          reason: body.reason,
        })
        return r.after
      })
      return decided(after, body.id)
    },
  })
  app.post('/decide', async (req) => ok(await decide(req, parse(decideSchema, req.body))))

  app.post('/suggest', async (req) => {
    const body = parse(suggestSchema, req.body)
    const me = currentUser(req)
    const o = await db.transaction().execute(async (trx) => {
      const r = await svc.suggest(trx, body.id, body.toBuyer, body.reason, me.id)
      await writeAudit(trx, {
        ...actor(req),
        action: 'c2c.appeal_suggest',
        targetType: 'c2c_order',
        targetId: body.id,
        before: { appeal: r.before.status },
        after: { toBuyer: body.toBuyer, quantity: r.after.quantity },
        reason: body.reason,
      })
      return r.after
    })
    return ok(await decided(o, body.id))
  })

  app.get('/merchants', async () => {
    const rows = await db
      .selectFrom('c2c_merchant as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.uid', 'u.email', 'u.phone', 'u.nickname', 'm.created_at'])
      .orderBy('m.created_at', 'desc')
      .limit(500)
      .execute()
    return ok(rows.map((r) => ({ ...r, createdAt: toMillisOrNull(r.created_at) })))
  })

  app.post('/merchant', async (req) => {
    const { uid, merchant } = parse(merchantSchema, req.body)
    const me = currentUser(req)
    const user = await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst()
    if (!user) throw new AppError('notFound')
    await db.transaction().execute(async (trx) => {
      const was = await trx
        .selectFrom('c2c_merchant')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst()
      if (merchant)
        await trx
          .insertInto('c2c_merchant')
          .values({ user_id: user.id, created_by: me.id })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute()
      else await trx.deleteFrom('c2c_merchant').where('user_id', '=', user.id).execute()
      await writeAudit(trx, {
        ...actor(req),
        action: merchant ? 'c2c.merchant_add' : 'c2c.merchant_remove',
        targetType: 'user',
        targetId: user.id,
        before: { merchant: !!was },
        after: { merchant },
      })
    })
    return ok({ uid, merchant })
  })
}
