import { AppError } from '../http/errors'
import type { Tx } from './ledger'

/**
 * The one check every amount entering through an endpoint passes (transfer, deposit, withdrawal,
 * exchange, the console's adjustment and deposit credit, the development credit): no more decimal
 * places than its asset has (asset.precision; USDT 6), so no balance can hold dust nobody can move.
 * A failure is 1101 with `{field, reason: 'too_many_decimals', precision}` and a message that says
 * the limit; the app shows the reason next to the field.
 */
export function checkDecimals(amount: string, precision: number, field = 'amount', asset?: string): void {
  const dp = amount.trim().split('.')[1]?.length ?? 0
  if (dp > precision)
    throw new AppError('invalidField', {
      msg: `Invalid value for ${field}: ${asset ?? 'this coin'} takes at most ${precision} decimal places`,
      data: { field, reason: 'too_many_decimals', precision },
    })
}

/**
 * Looks the asset's precision up (any asset, enabled or not: callers that need an enabled coin
 * check that first) and checks `amount` against it. Unknown assets are 1101 `invalid_asset`.
 * Returns the precision.
 */
export async function checkAssetAmount(
  db: Tx,
  asset: string,
  amount: string,
  field = 'amount',
): Promise<number> {
  const row = await db.selectFrom('asset').select('precision').where('code', '=', asset).executeTakeFirst()
  if (!row)
    throw new AppError('invalidField', {
      msg: 'Invalid value for asset',
      data: { field: 'asset', reason: 'invalid_asset' },
    })
  checkDecimals(amount, row.precision, field, asset)
  return row.precision
}

/**
 * The thresholds an operator sets for an asset (minimums, maximums, quotas, prices, lot sizes):
 * each no finer than the asset's precision, so nothing the platform asks of a user is an amount
 * no balance can hold. Unknown assets are 1101 `invalid_asset` on `assetField`; undefined values
 * are skipped. Returns the precision.
 */
export async function checkThresholds(
  db: Tx,
  asset: string,
  values: Record<string, string | undefined | null>,
  assetField = 'asset',
): Promise<number> {
  const row = await db.selectFrom('asset').select('precision').where('code', '=', asset).executeTakeFirst()
  if (!row)
    throw new AppError('invalidField', {
      msg: `Invalid value for ${assetField}`,
      data: { field: assetField, reason: 'invalid_asset' },
    })
  for (const [field, value] of Object.entries(values))
    if (value !== undefined && value !== null) checkDecimals(value, row.precision, field, asset)
  return row.precision
}

/** An asset's number of decimals, or null when there is no such asset. The one query for it. */
export async function findPrecision(db: Tx, code: string): Promise<number | null> {
  const row = await db.selectFrom('asset').select('precision').where('code', '=', code).executeTakeFirst()
  return row ? row.precision : null
}

/** An asset's number of decimals; 8 (the widest any asset has) when it is unknown. */
export async function precisionOrWidest(db: Tx, code: string): Promise<number> {
  return (await findPrecision(db, code)) ?? 8
}

/** Decimals by asset code: the given codes, or every asset. */
export async function assetPrecisions(db: Tx, codes?: readonly string[]): Promise<Map<string, number>> {
  let q = db.selectFrom('asset').select(['code', 'precision'])
  if (codes) q = q.where('code', 'in', [...codes])
  const rows = await q.execute()
  return new Map(rows.map((a) => [a.code, a.precision]))
}
