import { optionFundSchema, optionSettingSchema } from '@common/option/schema'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { checkAssetAmount, checkThresholds } from '../../ledger/precision'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { assertStaffReady } from '../../platform/staff/staff'
import { optionService } from './service'
import { settingToWire } from './wire'

/**
 * /api/admin/option/*: settings per instrument and period (apply to rounds created after the
 * change; rounds already listed keep theirs), the pool and its funding from the treasury. Every
 * change audited. Nothing here sets a price or a result.
 */
export async function optionAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const svc = optionService(db)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  const overview = async () => {
    const pool = await svc.pool()
    const { rows } = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from option_order group by status`.execute(db)
    return { settings: svc.allSettings(), pool: { asset: 'USDT', ...pool }, orders: rows }
  }

  app.get('/overview', async () => ok(await overview()))

  app.post('/settings', async (req) => {
    const input = parse(optionSettingSchema, req.body)
    await checkThresholds(db, 'USDT', { minAmount: input.minAmount })
    const before = await db
      .selectFrom('option_setting')
      .selectAll()
      .where('symbol', '=', input.symbol)
      .where('period', '=', input.period)
      .executeTakeFirst()
    if (!before) throw new AppError('optionNotOffered')
    const set: Record<string, unknown> = { updated_at: new Date() }
    if (input.enabled !== undefined) set.enabled = input.enabled
    if (input.upRate !== undefined) set.up_rate = input.upRate
    if (input.downRate !== undefined) set.down_rate = input.downRate
    if (input.flatRate !== undefined) set.flat_rate = input.flatRate
    if (input.band !== undefined) set.band = input.band
    if (input.feeRate !== undefined) set.fee_rate = input.feeRate
    if (input.minAmount !== undefined) set.min_amount = input.minAmount
    const after = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('option_setting')
        .set(set)
        .where('symbol', '=', input.symbol)
        .where('period', '=', input.period)
        .execute()
      const row = await trx
        .selectFrom('option_setting')
        .selectAll()
        .where('symbol', '=', input.symbol)
        .where('period', '=', input.period)
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...actor(req),
        action: 'option.settings',
        targetType: 'option',
        targetId: `${input.symbol}/${input.period}`,
        before,
        after: row,
        reason: input.reason ?? '',
      })
      return row
    })
    await svc.reloadSettings()
    return ok(settingToWire(after))
  })

  app.post('/pool/fund', async (req) => {
    const { amount, reason } = parse(optionFundSchema, req.body)
    await db.transaction().execute(async (trx) => {
      await checkAssetAmount(trx, 'USDT', amount)
      const before = await svc.pool(trx)
      await svc.fundPool(trx, amount, currentUser(req).id, reason)
      await writeAudit(trx, {
        ...actor(req),
        action: 'option.pool_fund',
        targetType: 'option_pool',
        targetId: 'USDT',
        before,
        after: { ...before, funded: amount },
        reason,
      })
    })
    return ok(await overview())
  })
}
