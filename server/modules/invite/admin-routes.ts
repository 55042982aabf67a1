import { inviteConfigSchema, partnerGrantSchema } from '@common/invite/schema'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { assertStaffReady } from '../../platform/staff/staff'
import type { ModuleDeps } from '../index'
import { inviteService } from './service'

/**
 * The console's invitation page (#/admin/invite): the VIP tiers and partner ranks with their
 * rebate shares (config rows), partner grants, and the rebates paid per day. Every change is
 * audited in its own transaction.
 */
export async function inviteAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const svc = inviteService(db)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  app.get('/overview', async () => {
    const [partners, days, tiers] = await Promise.all([
      db
        .selectFrom('invite_partner as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.rank', 'u.nickname', 'p.created_at'])
        .orderBy('p.created_at', 'desc')
        .limit(100)
        .execute(),
      db
        .selectFrom('invite_rebate')
        .select([
          'day',
          'asset',
          sql<string>`sum(amount)::text`.as('amount'),
          sql<number>`count(*)::int`.as('fills'),
          sql<number>`count(distinct inviter_id)::int`.as('inviters'),
        ])
        .groupBy(['day', 'asset'])
        .orderBy('day', 'desc')
        .limit(30)
        .execute(),
      db
        .selectFrom('vip_status')
        .select(['tier', sql<number>`count(*)::int`.as('users')])
        .where('tier', '<>', 'none')
        .groupBy('tier')
        .execute(),
    ])
    return ok({
      tiers: svc.tiers,
      ranks: svc.ranks,
      partners: partners.map((p) => ({
        userId: p.user_id,
        nickname: p.nickname,
        rank: p.rank,
        grantedAt: p.created_at.getTime(),
      })),
      days: days.map((d) => ({ ...d, amount: d.amount })),
      vipUsers: tiers,
    })
  })

  app.post('/config', async (req) => {
    const body = parse(inviteConfigSchema, req.body)
    const before = { tiers: svc.tiers, ranks: svc.ranks }
    await db.transaction().execute(async (trx) => {
      for (const [key, value] of [
        ['vip_tiers', body.tiers],
        ['ranks', body.ranks],
      ] as const)
        await trx
          .updateTable('invite_config')
          .set({ value: JSON.stringify(value), updated_at: new Date() })
          .where('key', '=', key)
          .execute()
      await writeAudit(trx, {
        ...actor(req),
        action: 'invite.config',
        targetType: 'invite_config',
        targetId: 'rules',
        before,
        after: body,
      })
    })
    await svc.reload()
    return ok({ tiers: svc.tiers, ranks: svc.ranks })
  })

  app.post('/partner', async (req) => {
    const body = parse(partnerGrantSchema, req.body)
    const me = currentUser(req)
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('id').where('id', '=', body.userId).executeTakeFirst()
      if (!user) throw new AppError('notFound')
      const before = await trx
        .selectFrom('invite_partner')
        .selectAll()
        .where('user_id', '=', body.userId)
        .executeTakeFirst()
      if (body.rank === 'ordinary')
        await trx.deleteFrom('invite_partner').where('user_id', '=', body.userId).execute()
      else
        await trx
          .insertInto('invite_partner')
          .values({ user_id: body.userId, rank: body.rank, granted_by: me.id })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({ rank: body.rank, granted_by: me.id, created_at: new Date() }),
          )
          .execute()
      await writeAudit(trx, {
        ...actor(req),
        action: 'invite.partner',
        targetType: 'user',
        targetId: body.userId,
        before: before ? { rank: before.rank } : { rank: 'ordinary' },
        after: { rank: body.rank },
        reason: body.reason,
      })
    })
    return ok(await svc.rankOf(body.userId))
  })
}
