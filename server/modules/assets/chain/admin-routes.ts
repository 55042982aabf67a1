import { chainAlertAckSchema, chainQuerySchema } from '@common/admin/schema'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../../http/envelope'
import { AppError } from '../../../http/errors'
import { parse } from '../../../http/validate'
import type { ModuleDeps } from '../../../platform/module-deps'
import { actor } from '../../../platform/staff/actor'
import { writeAudit } from '../../../platform/staff/audit'
import { balancesCsv, chainOverview } from './overview'

/**
 * The console's chain page (/api/admin/chains*): each watched chain's watcher, deposits, hot wallet
 * and withdrawals on their way; the deposit addresses' balances as CSV (for the offline sweep);
 * acknowledging an alert (audited).
 */
export async function chainAdminRoutes(admin: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, config } = deps
  const cfgOf = (chain: string) => {
    const cfg = config.chains.find((c) => c.chain === chain)
    if (!cfg) throw new AppError('unsupportedChain')
    return cfg
  }

  admin.get('/chains', async () => ok(await Promise.all(config.chains.map((c) => chainOverview(db, c)))))

  admin.get('/chains/balances.csv', async (req, reply) => {
    const { chain } = parse(chainQuerySchema, req.query)
    const csv = await balancesCsv(db, cfgOf(chain))
    const a = actor(req)
    await writeAudit(db, {
      actorId: a.actorId,
      action: 'chain.export_balances',
      targetType: 'chain',
      targetId: chain,
      before: null,
      after: { lines: csv.split('\n').length - 2 },
      ip: a.ip,
    })
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="deposit-addresses-${chain}.csv"`)
      .send(csv)
  })

  admin.post('/chains/alerts/ack', async (req) => {
    const { id } = parse(chainAlertAckSchema, req.body)
    const a = actor(req)
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('chain_alert')
        .set({ acknowledged_by: a.actorId, acknowledged_at: new Date() })
        .where('id', '=', id)
        .where('acknowledged_at', 'is', null)
        .returning(['id', 'kind', 'ref', 'chain'])
        .executeTakeFirst()
      if (!row) throw new AppError('notFound')
      await writeAudit(trx, {
        actorId: a.actorId,
        action: 'chain.alert_ack',
        targetType: 'chain_alert',
        targetId: id,
        before: { kind: row.kind, ref: row.ref, chain: row.chain },
        after: { acknowledged: true },
        ip: a.ip,
      })
    })
    return ok(null)
  })
}
