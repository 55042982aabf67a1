import { contractSettingsSchema } from '@common/contract/schema'
import { normalize } from '@common/money/decimal'
import { boundedText } from '@common/validate/strict'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { Db } from '../../db/db'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { checkThresholds } from '../../ledger/precision'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { assertStaffReady } from '../../platform/staff/staff'
import type { ModuleDeps } from '../index'
import { LIQUIDATION_FEE_KEY, PROTECTION_KEY } from './model'
import { localContract } from './port'
import { insuranceFund, pageSchemaOf } from './repo'
import { instrumentToWire } from './routes'
import { contractService } from './service'

const userQuery = v.object({ userId: boundedText(64, 'invalid_id', 1) })

/** A lot is never finer than the base coin (issue 33): else positions show dust quantities. */
async function checkLotSize(db: Db, symbol: string, lotSize: string): Promise<void> {
  const inst = await db
    .selectFrom('instrument')
    .select('base')
    .where('symbol', '=', symbol)
    .executeTakeFirst()
  if (!inst) throw new AppError('unknownSymbol')
  await checkThresholds(db, inst.base, { lotSize }, 'symbol')
}
const pageQuery = pageSchemaOf(50)

/**
 * /api/admin/contract/*: the console's contract pages, behind the staff guard like every console
 * route; every change audited. Operators set instrument settings; nothing here sets a price or
 * touches a user's position.
 */
export async function contractAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = contractService(db)
  // Positions live in the engine's memory: on a gateway, on the core that owns it.
  const engine = deps.engines?.contract ?? localContract(svc)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  app.get('/instruments', async () =>
    ok(
      [...svc.insts.values()].map((i) =>
        instrumentToWire(i, market.instrument(i.symbol)?.status ?? 'suspended'),
      ),
    ),
  )

  app.post('/settings', async (req) => {
    const input = parse(contractSettingsSchema, req.body)
    if (input.lotSize !== undefined) await checkLotSize(db, input.symbol, input.lotSize)
    const before = await db
      .selectFrom('contract_setting')
      .selectAll()
      .where('symbol', '=', input.symbol)
      .executeTakeFirst()
    if (!before) throw new AppError('unknownSymbol')
    const set: Record<string, unknown> = { updated_at: new Date() }
    if (input.maxLeverage !== undefined) set.max_leverage = input.maxLeverage
    if (input.tiers !== undefined) set.tiers = JSON.stringify(input.tiers)
    if (input.makerFee !== undefined) set.maker_fee = input.makerFee
    if (input.takerFee !== undefined) set.taker_fee = input.takerFee
    if (input.trading !== undefined) set.trading = input.trading
    if (input.lotSize !== undefined && normalize(input.lotSize) !== normalize(before.lot_size)) {
      // Lots of open positions and orders would change meaning: only with none.
      await svc.init()
      const held = svc.positionsOn(input.symbol).length > 0
      const orders = [...svc.open.values()].some(
        (o) => o.symbol === input.symbol && !o.holder.startsWith('mm:'),
      )
      if (held || orders) throw new AppError('lotSizeLocked')
      set.lot_size = input.lotSize
    }
    await db.transaction().execute(async (trx) => {
      // Every perpetual's liquidation clearance fee and price protection band (setting rows).
      for (const [key, value] of [
        [LIQUIDATION_FEE_KEY, input.liquidationFee],
        [PROTECTION_KEY, input.priceProtection],
      ] as const) {
        if (value === undefined) continue
        const json = JSON.stringify(normalize(value))
        const was = await trx.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst()
        await trx
          .insertInto('setting')
          .values({ key, value: json })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
          .execute()
        await writeAudit(trx, {
          ...actor(req),
          action: 'contract.settings',
          targetType: 'setting',
          targetId: key,
          before: { value: was?.value ?? null },
          after: { value: normalize(value) },
          reason: input.reason ?? '',
        })
      }
      await trx.updateTable('contract_setting').set(set).where('symbol', '=', input.symbol).execute()
      const after = await trx
        .selectFrom('contract_setting')
        .selectAll()
        .where('symbol', '=', input.symbol)
        .executeTakeFirst()
      await writeAudit(trx, {
        ...actor(req),
        action: 'contract.settings',
        targetType: 'instrument',
        targetId: input.symbol,
        before,
        after,
        reason: input.reason ?? '',
      })
    })
    await svc.reloadSettings()
    const inst = svc.inst(input.symbol)
    return ok(instrumentToWire(inst, market.instrument(input.symbol)?.status ?? 'suspended'))
  })

  app.get('/insurance', async (req) => ok(await insuranceFund(db, parse(pageQuery, req.query))))

  /** A user's positions, for the console's user detail page (read only). */
  app.get('/positions', async (req) => {
    const { userId } = parse(userQuery, req.query)
    const bal = await svc.walletOf(userId)
    return ok({ wallet: bal, positions: await engine.positions(userId) })
  })
}
