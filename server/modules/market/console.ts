import type { marketLimitsSchema, marketMakersSchema, marketStatusSchema } from '@common/admin/schema'
import { normalize } from '@common/money/decimal'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { readSetting, writeSetting } from '../../db/setting'
import { AppError } from '../../http/errors'
import { checkDecimals, checkThresholds } from '../../ledger/precision'
import { MARKET_MAKERS_SETTING } from '../../market/market-makers'
import type { MarketData } from '../../market/service'
import { writeAudit } from '../../platform/staff/audit'
import {
  instrumentHasFees,
  instrumentRows,
  lockInstrument,
  setInstrumentLimits,
  setInstrumentStatus,
} from './repo'

type Actor = { actorId: string; ip: string }
type FeeColumns = { maker_fee?: string; taker_fee?: string }

/** Keeps the market service's in-memory copy in step with the row (no restart needed). */
function refreshCached(market: MarketData | undefined, symbol: string, patch: Record<string, unknown>) {
  const row = market?.instrument(symbol)
  if (row) Object.assign(row, patch)
}

/** The console's markets page: every instrument with its minimums and fees, and the makers switch. */
export async function listMarkets(db: Db) {
  const fees = await instrumentHasFees(db)
  const rows = await instrumentRows(db)
  const makers = await readSetting(db, MARKET_MAKERS_SETTING)
  return {
    feesEditable: fees,
    marketMakers: makers === true,
    list: rows.map((r) => {
      const extra = r as unknown as FeeColumns
      return {
        symbol: r.symbol,
        category: r.category,
        name: r.name,
        status: r.status,
        minAmount: normalize(r.min_amount),
        minNotional: normalize(r.min_notional),
        makerFee: fees && extra.maker_fee != null ? normalize(extra.maker_fee) : null,
        takerFee: fees && extra.taker_fee != null ? normalize(extra.taker_fee) : null,
      }
    }),
  }
}

/** Suspends or resumes a market, audited. */
export async function setStatus(
  db: Db,
  market: MarketData | undefined,
  body: v.InferOutput<typeof marketStatusSchema>,
  by: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockInstrument(trx, body.symbol)
    if (!row) throw new AppError('unknownSymbol')
    if (row.status === body.status) throw new AppError('userStatusUnchanged')
    await setInstrumentStatus(trx, body.symbol, body.status)
    await writeAudit(trx, {
      ...by,
      action: body.status === 'suspended' ? 'market.suspend' : 'market.resume',
      targetType: 'instrument',
      targetId: body.symbol,
      before: { status: row.status },
      after: { status: body.status },
      reason: body.reason ?? '',
    })
  })
  refreshCached(market, body.symbol, { status: body.status })
}

/** Changes a market's minimums (and fees, where the database has them), audited. */
export async function setLimits(
  db: Db,
  market: MarketData | undefined,
  body: v.InferOutput<typeof marketLimitsSchema>,
  by: Actor,
): Promise<void> {
  const fees = await instrumentHasFees(db)
  if ((body.makerFee !== undefined || body.takerFee !== undefined) && !fees)
    throw new AppError('invalidField', { data: { field: 'makerFee', reason: 'not_supported' } })
  await db.transaction().execute(async (trx) => {
    const row = await lockInstrument(trx, body.symbol)
    if (!row) throw new AppError('unknownSymbol')
    // Thresholds no finer than the instrument's amount step and its quote coin (issue 33).
    checkDecimals(body.minAmount, row.amount_precision, 'minAmount', row.base)
    await checkThresholds(trx, row.quote, { minNotional: body.minNotional }, 'symbol')
    const extra = row as unknown as FeeColumns
    await setInstrumentLimits(trx, body.symbol, {
      minAmount: body.minAmount,
      minNotional: body.minNotional,
      ...(fees ? { makerFee: body.makerFee, takerFee: body.takerFee } : {}),
    })
    await writeAudit(trx, {
      ...by,
      action: 'market.limits',
      targetType: 'instrument',
      targetId: body.symbol,
      before: {
        minAmount: normalize(row.min_amount),
        minNotional: normalize(row.min_notional),
        ...(fees ? { makerFee: extra.maker_fee ?? null, takerFee: extra.taker_fee ?? null } : {}),
      },
      after: {
        minAmount: normalize(body.minAmount),
        minNotional: normalize(body.minNotional),
        ...(fees
          ? {
              makerFee: body.makerFee ?? extra.maker_fee ?? null,
              takerFee: body.takerFee ?? extra.taker_fee ?? null,
            }
          : {}),
      },
    })
  })
  refreshCached(market, body.symbol, {
    min_amount: body.minAmount,
    min_notional: body.minNotional,
    ...(body.makerFee !== undefined ? { maker_fee: body.makerFee } : {}),
    ...(body.takerFee !== undefined ? { taker_fee: body.takerFee } : {}),
  })
}

/** Switches the demo market makers on or off, audited. */
export async function setMarketMakers(db: Db, body: v.InferOutput<typeof marketMakersSchema>, by: Actor) {
  await db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, MARKET_MAKERS_SETTING, { forUpdate: true })
    await writeSetting(trx, MARKET_MAKERS_SETTING, body.enabled)
    await writeAudit(trx, {
      ...by,
      action: 'market_makers.set',
      targetType: 'setting',
      targetId: MARKET_MAKERS_SETTING,
      before: { enabled: before === true },
      after: { enabled: body.enabled },
    })
  })
  return { enabled: body.enabled }
}
