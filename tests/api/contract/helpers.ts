import type { ContractAccount, ContractOrder, ContractPosition } from '@common/contract/schema'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { ContractMarketMakers } from '../../../server/market/contract-makers'
import type { MarketData } from '../../../server/market/service'
import { contractService } from '../../../server/modules/contract/service'
import { api } from '../accounts/helpers'
import type { Harness } from '../harness'
import { fund } from '../spot/helpers'

export const BTC = 'BTCUSDT_PERP'

export function contractApi(h: Harness) {
  const { post, get } = api(h.app)
  return {
    post,
    get,
    place: (token: string, body: Record<string, unknown>) =>
      post<ContractOrder>('contract/order/place', body, token),
    positions: (token: string) => get<ContractPosition[]>('contract/positions', {}, token),
    account: (token: string) => get<ContractAccount>('contract/account', {}, token),
    index: (symbol: string, price: string) =>
      post<{ liquidated: number; triggered: number }>('dev/market/index', { symbol, price }),
  }
}

export const fundContract = (db: Db, holder: string, amount: string) =>
  fund(db, holder, 'USDT', amount, 'contract')

export async function contractBalance(db: Db, holder: string) {
  const [b] = await readBalances(db, holder, { account: 'contract', asset: 'USDT' })
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
}

export async function systemBalance(db: Db, account: string) {
  const [b] = await readBalances(db, 'system', { account, asset: 'USDT' })
  return b?.available ?? '0'
}

/** The system market maker quoting the symbol around its index now. */
export async function quote(h: Harness, symbol = BTC): Promise<ContractMarketMakers> {
  const mm = new ContractMarketMakers(h.db, {} as MarketData, contractService(h.db))
  await mm.maybeQuote(symbol, true)
  return mm
}

export async function expectSound(db: Db): Promise<void> {
  const report = await checkLedger(db)
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true)
  // No user balance below zero, in any bucket.
  const { rows } = await (await import('kysely')).sql<{ n: number }>`
    select count(*)::int as n from balance where holder not in ('system') and (available < 0 or frozen < 0)`.execute(
    db,
  )
  expect(rows[0]?.n).toBe(0)
  // The contract account's frozen bucket is exactly the open orders' reserves plus the positions' margin.
  const { rows: off } = await (await import('kysely')).sql<{ holder: string }>`
    select b.holder from balance b
    left join (select holder, sum(locked) as l from contract_order where status in ('open', 'partial') group by holder) o
      on o.holder = b.holder
    left join (select holder, sum(margin) as m from contract_position group by holder) p on p.holder = b.holder
    where b.account = 'contract' and b.asset = 'USDT' and b.frozen <> coalesce(o.l, 0) + coalesce(p.m, 0)`.execute(
    db,
  )
  expect(off).toEqual([])
  // Every fill has two sides: per symbol, long lots = short lots (market maker included).
  const { rows: skew } = await (await import('kysely')).sql<{ symbol: string }>`
    select symbol from contract_position group by symbol
    having sum(case when side = 'long' then lots else -lots end) <> 0`.execute(db)
  expect(skew).toEqual([])
}
