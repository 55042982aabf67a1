import type { contractSettingsSchema } from '@common/contract/schema'
import { normalize } from '@common/money/decimal'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { columnOf } from '../../db/rows'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { checkThresholds } from '../../ledger/precision'
import type { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { type CInst, LIQUIDATION_FEE_KEY, PROTECTION_KEY } from './model'
import type { ContractService } from './service'

type SettingsInput = v.InferOutput<typeof contractSettingsSchema>
/** Who changes them, as the audit records it. */
type Actor = ReturnType<typeof actor>

/**
 * The console's change of a perpetual's settings (POST /admin/contract/settings): the
 * instrument's row and the settings every perpetual shares, in one audited transaction; the
 * engine reads them again afterwards. The lot size changes only while no user holds a position
 * or an order in the market (lots would change meaning).
 */
export async function changeSettings(
  db: Db,
  svc: ContractService,
  input: SettingsInput,
  who: Actor,
): Promise<CInst> {
  if (input.lotSize !== undefined) await checkLotSize(db, input.symbol, input.lotSize)
  const before = await settingRow(db, input.symbol)
  if (!before) throw new AppError('unknownSymbol')
  const set: Record<string, unknown> = { updated_at: new Date() }
  if (input.maxLeverage !== undefined) set.max_leverage = input.maxLeverage
  if (input.tiers !== undefined) set.tiers = JSON.stringify(input.tiers)
  if (input.makerFee !== undefined) set.maker_fee = input.makerFee
  if (input.takerFee !== undefined) set.taker_fee = input.takerFee
  if (input.trading !== undefined) set.trading = input.trading
  if (input.lotSize !== undefined && normalize(input.lotSize) !== normalize(before.lot_size)) {
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
      const was = await putSetting(trx, key, normalize(value))
      await writeAudit(trx, {
        ...who,
        action: 'contract.settings',
        targetType: 'setting',
        targetId: key,
        before: { value: was },
        after: { value: normalize(value) },
        reason: input.reason ?? '',
      })
    }
    await trx.updateTable('contract_setting').set(set).where('symbol', '=', input.symbol).execute()
    await writeAudit(trx, {
      ...who,
      action: 'contract.settings',
      targetType: 'instrument',
      targetId: input.symbol,
      before,
      after: await settingRow(trx, input.symbol),
      reason: input.reason ?? '',
    })
  })
  await svc.reloadSettings()
  return svc.inst(input.symbol)
}

/** A lot is never finer than the base coin (issue 33): else positions show dust quantities. */
async function checkLotSize(db: Db, symbol: string, lotSize: string): Promise<void> {
  const base = await columnOf(db, 'instrument', 'base', 'symbol', symbol)
  if (base === undefined) throw new AppError('unknownSymbol')
  await checkThresholds(db, base, { lotSize }, 'symbol')
}

function settingRow(db: Tx, symbol: string) {
  return db.selectFrom('contract_setting').selectAll().where('symbol', '=', symbol).executeTakeFirst()
}

/** Writes one `setting` row (a JSON value) and answers the value it had (null: none). */
async function putSetting(trx: Tx, key: string, value: string): Promise<unknown> {
  const json = JSON.stringify(value)
  const was = await trx.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst()
  await trx
    .insertInto('setting')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute()
  return was?.value ?? null
}
