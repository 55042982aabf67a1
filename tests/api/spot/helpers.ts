import type { SpotOrder } from '@common/spot/schema'
import type { Db } from '../../../server/db/db'
import { fromDepositClearing, postEntry, readBalances } from '../../../server/ledger/ledger'
import { api } from '../accounts/helpers'
import type { Harness } from '../harness'

/** Credits a user's spot account the way a deposit would: a 'recharge' from deposit clearing. */
export async function fund(
  db: Db,
  holder: string,
  asset: string,
  amount: string,
  account = 'spot',
): Promise<void> {
  await db.transaction().execute((trx) =>
    postEntry(trx, {
      reason: 'recharge',
      refType: 'test',
      postings: fromDepositClearing({ holder, account, asset }, amount),
    }),
  )
}

/** {available, frozen} of one spot balance ('0' when missing). */
export async function spotBalance(db: Db, holder: string, asset: string) {
  const [b] = await readBalances(db, holder, { account: 'spot', asset })
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
}

export async function feesBalance(db: Db, asset = 'USDT'): Promise<string> {
  const [b] = await readBalances(db, 'system', { account: 'fees', asset })
  return b?.available ?? '0'
}

export function spotApi(h: Harness) {
  const { post, get } = api(h.app)
  return {
    place: (token: string, body: Record<string, unknown>) => post<SpotOrder>('spot/order/place', body, token),
    cancel: (token: string, id: string) => post<SpotOrder>('spot/order/cancel', { id }, token),
    cancelAll: (token: string, symbol?: string) =>
      post<{ cancelled: number }>('spot/order/cancel-all', symbol ? { symbol } : {}, token),
    open: (token: string, symbol?: string) =>
      get<SpotOrder[]>('spot/orders/open', symbol ? { symbol } : {}, token),
    get,
    post,
  }
}
