import type { OptionOrder, OptionRound, OptionRounds } from '@common/option/schema'
import { sql } from 'kysely'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { api } from '../accounts/helpers'
import type { Harness } from '../harness'
import { fund } from '../spot/helpers'

export const BTC = 'BTCUSDT'

export function optionApi(h: Harness) {
  const { post, get } = api(h.app)
  return {
    post,
    get,
    rounds: (symbol = BTC) => get<OptionRounds>('option/rounds', { symbol }),
    order: (token: string, body: Record<string, unknown>) => post<OptionOrder>('option/order', body, token),
    orders: (token: string, status?: 'open' | 'settled') =>
      get<{ list: OptionOrder[] }>('option/orders', status ? { status } : {}, token),
    round: (id: string) => get<OptionRound>(`option/round/${id}`),
    index: (symbol: string, price: string) => post('dev/market/index', { symbol, price }),
    tick: (sec: number, price: string, symbol = BTC) => post('dev/option/tick', { symbol, price, sec }),
    /** Puts the options clock at epoch second `sec` plus `ms`. */
    clock: (sec: number, ms = 200) => post('dev/option/clock', { offsetMs: sec * 1000 + ms - Date.now() }),
    settle: (roundId?: string) =>
      post<{ settled: { result: string; orders: number } | null; rounds?: number }>(
        'dev/option/settle',
        roundId ? { roundId } : {},
      ),
    restart: () => post('dev/option/restart', {}),
  }
}

export const fundOption = (db: Db, holder: string, amount: string) =>
  fund(db, holder, 'USDT', amount, 'option')

export async function optionBalance(db: Db, holder: string) {
  const [b] = await readBalances(db, holder, { account: 'option', asset: 'USDT' })
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
}

export async function systemBalance(db: Db, account: string) {
  const [b] = await readBalances(db, 'system', { account, asset: 'USDT' })
  return b?.available ?? '0'
}

/** A 30 s boundary well ahead of now, so each test owns its rounds. */
let base = Math.ceil(Date.now() / 1000 / 30) * 30 + 3000
export const nextBase = () => {
  base += 600
  return base
}

export async function expectSound(db: Db): Promise<void> {
  const report = await checkLedger(db)
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true)
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from balance where (holder <> 'system' and (available < 0 or frozen < 0))
      or (holder = 'system' and account = 'option_pool' and available < 0)`.execute(db)
  expect(rows[0]?.n).toBe(0)
  // The option account's frozen bucket is exactly the principal of the orders not settled.
  const { rows: off } = await sql<{ holder: string }>`
    select b.holder from balance b
    left join (select holder, sum(amount) as a from option_order where status <> 'settled' group by holder) o
      on o.holder = b.holder
    where b.account = 'option' and b.asset = 'USDT' and b.frozen <> coalesce(o.a, 0)`.execute(db)
  expect(off).toEqual([])
}
