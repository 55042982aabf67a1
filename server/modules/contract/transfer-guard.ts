import { contractTransferable, type OpenPosition } from '@common/contract/transfer'
import { gt, mul, normalize } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { lockBalances, type Tx } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'

/** Perpetuals settle in USDT at 6 places: the contract account's only coin with positions. */
const MARGIN_ASSET = 'USDT'
const MARGIN_DP = 6

/**
 * The contract account's open positions at the index (mark = index, as the engine marks them;
 * the entry price until the first tick). Read from the rows the engine writes in the same
 * transaction as the margin postings, so after the balance lock they match the balance.
 */
async function openPositions(db: Db, holder: string, market: MarketData): Promise<OpenPosition[]> {
  const rows = await db
    .selectFrom('contract_position as p')
    .innerJoin('contract_setting as c', 'c.symbol', 'p.symbol')
    .select(['p.symbol', 'p.side', 'p.lots', 'p.avg_price', 'c.lot_size'])
    .where('p.holder', '=', holder)
    .where('p.lots', '>', '0')
    .execute()
  return rows.map((r) => {
    const last = market.ticker(r.symbol)?.last
    const entry = normalize(r.avg_price)
    return {
      side: r.side,
      qty: mul(normalize(r.lots), normalize(r.lot_size)),
      entry,
      mark: last && gt(last, '0') ? last : entry,
    }
  })
}

/** What may leave the contract account now (read side: the Transfer screen's "All"). */
export async function contractTransferableOf(
  db: Db,
  holder: string,
  asset: string,
  available: string,
  market: MarketData,
): Promise<string> {
  if (asset !== MARGIN_ASSET) return available
  return contractTransferable(available, await openPositions(db, holder, market), MARGIN_DP)
}

/**
 * Inside the transaction that moves `amount` of USDT out of the contract account: locks the
 * balance first (every fill, funding payment and liquidation locks it too), then reads the
 * positions, and refuses what would take the margin that backs an unrealized loss (1907).
 */
export async function assertContractTransfer(
  trx: Tx,
  holder: string,
  asset: string,
  amount: string,
  market: MarketData,
): Promise<void> {
  if (asset !== MARGIN_ASSET) return
  const key = { holder, account: 'contract', asset }
  const bal = [...(await lockBalances(trx, [key])).values()][0]
  const free = contractTransferable(
    bal?.available ?? '0',
    await openPositions(trx, holder, market),
    MARGIN_DP,
  )
  if (gt(amount, free)) throw new AppError('contractTransferLocked', { data: { transferable: free } })
}
