import type { optionFundSchema, optionSettingSchema } from '@common/option/schema'
import type { Updateable } from 'kysely'
import type * as v from 'valibot'
import type { OptionSettingTable } from '../../db/schema-option'
import { AppError } from '../../http/errors'
import { checkAssetAmount, checkThresholds } from '../../ledger/precision'
import { writeAudit } from '../../platform/staff/audit'
import { ASSET } from './pool'
import { orderStatusCounts, settingRow, updateSetting } from './repo'
import type { OptionService } from './service'
import { settingToWire } from './wire'

type Actor = { actorId: string; ip: string }

/** The console's options page: settings, the pool with its exposure, orders per status. */
export async function overview(svc: OptionService) {
  const pool = await svc.pool()
  const orders = await orderStatusCounts(svc.db)
  return { settings: svc.allSettings(), pool: { asset: ASSET, ...pool }, orders }
}

/**
 * Changes the settings of one instrument and period, audited; they apply to rounds created after
 * the change (rounds already listed keep theirs).
 */
export async function changeSetting(
  svc: OptionService,
  input: v.InferOutput<typeof optionSettingSchema>,
  by: Actor,
) {
  const { db } = svc
  await checkThresholds(db, ASSET, { minAmount: input.minAmount })
  const before = await settingRow(db, input.symbol, input.period)
  if (!before) throw new AppError('optionNotOffered')
  const set: Updateable<OptionSettingTable> = { updated_at: new Date() }
  if (input.enabled !== undefined) set.enabled = input.enabled
  if (input.upRate !== undefined) set.up_rate = input.upRate
  if (input.downRate !== undefined) set.down_rate = input.downRate
  if (input.flatRate !== undefined) set.flat_rate = input.flatRate
  if (input.band !== undefined) set.band = input.band
  if (input.feeRate !== undefined) set.fee_rate = input.feeRate
  if (input.minAmount !== undefined) set.min_amount = input.minAmount
  const after = await db.transaction().execute(async (trx) => {
    const row = await updateSetting(trx, input.symbol, input.period, set)
    await writeAudit(trx, {
      ...by,
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
  return settingToWire(after)
}

/** Funds the pool from the treasury, audited; answers the overview. */
export async function fundPool(svc: OptionService, body: v.InferOutput<typeof optionFundSchema>, by: Actor) {
  await svc.db.transaction().execute(async (trx) => {
    await checkAssetAmount(trx, ASSET, body.amount)
    const before = await svc.pool(trx)
    await svc.fundPool(trx, body.amount, by.actorId, body.reason)
    await writeAudit(trx, {
      ...by,
      action: 'option.pool_fund',
      targetType: 'option_pool',
      targetId: ASSET,
      before,
      after: { ...before, funded: body.amount },
      reason: body.reason,
    })
  })
  return overview(svc)
}
