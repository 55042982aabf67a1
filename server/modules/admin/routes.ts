import { auditListSchema, staffCreateSchema } from '@common/admin/schema'
import type { StaffMe } from '@common/admin/types'
import { countedPage } from '@common/api/page'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import { currentUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { createStaff, staffState } from '../../platform/staff/staff'
import { approvalRoutes } from './approvals-routes'
import { auditPage, overviewCounts, staffProfile } from './repo'

const ms = toMillisOrNull

/**
 * The console's own endpoints, /api/admin/*: who is signed in, the landing figures, the four-eyes
 * approvals and the audit log. Each product's console endpoints live in its module's
 * admin-routes.ts (users and identity review in auth, markets in market, the deposit and
 * withdrawal queues in assets, ...). Staff only: the console gate (server/platform/staff/duties.ts)
 * runs before every /api/admin handler.
 */
export async function adminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  if (!deps.config.isProduction) {
    // Development and browser tests only: what `npm run operator -- create <email>` does.
    app.post('/dev/staff', async (req) => {
      const body = parse(staffCreateSchema, req.body)
      const s = await createStaff(db, { email: body.email, role: body.role })
      return ok({ userId: s.userId, email: s.email, role: s.role, password: s.password })
    })
  }

  await app.register(
    async (admin) => {
      admin.get('/me', async (req) => {
        const me = currentUser(req)
        const u = await staffProfile(db, me.id)
        return ok<StaffMe>({
          id: me.id,
          uid: u.uid,
          email: u.email,
          nickname: u.nickname,
          ...(await staffState(db, me.id)),
        })
      })

      admin.get('/overview', async () => ok(await overviewCounts(db)))

      await approvalRoutes(admin, db)

      // Read only: there is no endpoint that changes or removes an audit row.
      admin.get('/audit/list', async (req) => {
        const q = parse(auditListSchema, req.query)
        const { total, rows } = await auditPage(db, q)
        return ok(
          countedPage(
            rows.map((r) => ({
              id: Number(r.id),
              actorId: r.actor_id,
              actorEmail: r.email,
              action: r.action,
              targetType: r.target_type,
              targetId: r.target_id,
              before: r.before,
              after: r.after,
              reason: r.reason,
              ip: r.ip,
              at: ms(r.created_at),
            })),
            total,
            q,
          ),
        )
      })
    },
    { prefix: '/admin' },
  )
}
