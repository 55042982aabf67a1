import { add, gt, lt, normalize, sub } from '@common/money/decimal'
import {
  buyableRoundStart,
  feeOf,
  type OptionType,
  type RoundBook,
  withOrder,
  worstCase,
} from '@common/option/rules'
import type { OptionOrderInput } from '@common/option/schema'
import { AppError } from '../../http/errors'
import { LedgerBatch, move } from '../../ledger/ledger'
import { checkAssetAmount } from '../../ledger/precision'
import type { OptionDesk } from './desk'
import { ASSET, FEES, optionKey } from './pool'
import { insertOrder, lockPool } from './repo'
import { addToBook, type RoundRow } from './round-repo'

const ratesOf = (r: RoundRow) => ({
  up: normalize(r.up_rate),
  down: normalize(r.down_rate),
  flat: normalize(r.flat_rate),
})
const bookOf = (r: RoundRow): RoundBook => ({
  up: normalize(r.book_up),
  down: normalize(r.book_down),
  flat: normalize(r.book_flat),
})

/**
 * Buys an option in the round taking orders now: the principal is frozen and the fee paid at
 * purchase, and the round's worst case (with this order) is reserved against the pool, under the
 * pool lock; a pool that can't cover it refuses the order (optionPoolFull).
 */
export async function placeOrder(
  svc: OptionDesk,
  holder: string,
  input: OptionOrderInput & { period: number },
): Promise<{ orderId: string; round: RoundRow }> {
  await svc.init()
  const s = svc.setting(input.symbol, input.period)
  if (!s?.enabled || !svc.trading(input.symbol)) throw new AppError('optionNotOffered')
  if (!svc.index(input.symbol)) throw new AppError('optionNoIndex')
  const amount = normalize(input.amount)
  // No finer than the asset takes (USDT 6 places), as every amount entering through an endpoint.
  await checkAssetAmount(svc.db, ASSET, amount)
  const type = input.type as OptionType
  return svc.db.transaction().execute(async (trx) => {
    await lockPool(trx)
    const round = await svc.ensureRound(trx, s, buyableRoundStart(svc.now(), s.period, s.cutoff))
    if (lt(amount, round.min_amount)) throw new AppError('optionBelowMinimum')
    const rates = ratesOf(round)
    const book = bookOf(round)
    const next = withOrder(book, type, amount)
    const before = worstCase(book, rates)
    const after = worstCase(next, rates)
    const pool = await svc.pool(trx)
    if (gt(add(sub(pool.exposure, before), after), pool.balance)) throw new AppError('optionPoolFull')
    const fee = feeOf(amount, round.fee_rate)
    const batch = new LedgerBatch(trx)
    await batch.lock([optionKey(holder), FEES])
    const id = await insertOrder(trx, {
      holder,
      round_id: round.id,
      symbol: round.symbol,
      period: round.period,
      type,
      amount,
      fee,
      rate: rates[type],
    })
    const ref = { refType: 'option_order', refId: id }
    batch.post({
      reason: 'option_principal',
      ...ref,
      postings: move({ ...optionKey(holder) }, { ...optionKey(holder), bucket: 'frozen' }, amount),
    })
    batch.post({ reason: 'option_fee', ...ref, postings: move(optionKey(holder), FEES, fee) })
    await batch.flush()
    await addToBook(trx, round.id, next, after)
    return { orderId: id, round }
  })
}
