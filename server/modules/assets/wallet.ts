import { COINS } from '@common/assets/chains'
import type { transferSchema } from '@common/assets/schema'
import type { AccountBalances } from '@common/assets/types'
import { WALLET_ACCOUNTS, type WalletAccount } from '@common/ledger/accounts'
import { add, type DecimalString, gt, mul, toFixed } from '@common/money/decimal'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { assertCanMoveFunds } from '../../http/guards'
import { move, postEntry, readBalances } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { displayRate, indexPriceUsdt } from '../../platform/market-prices/prices'
import { assertContractTransfer, contractTransferableOf } from '../../platform/ports/contract-transfer'
import { assertLoanUnlocked, withdrawable } from '../../platform/ports/loan-lock'
import { assetPrecision, checkDecimals, listAssets, newId } from './context'
import { openChannels } from './repo'
import { currencyOf, insertTransfer } from './wallet-repo'

const USDT_DP = 2

const value = (amount: DecimalString, price: DecimalString | null) =>
  price === null ? null : toFixed(mul(amount, price), USDT_DP)

/** Everything the user holds, valued in USDT at the index (and in the display currency), per account and coin. */
export async function overview(db: Db, market: MarketData, userId: string) {
  const [assets, balances, currency] = await Promise.all([
    listAssets(db),
    readBalances(db, userId),
    currencyOf(db, userId),
  ])
  const perAccount = new Map<string, DecimalString>(WALLET_ACCOUNTS.map((a) => [a, '0']))
  const perCoin = new Map<string, { available: DecimalString; frozen: DecimalString }>()
  for (const a of assets) perCoin.set(a.code, { available: '0', frozen: '0' })
  const unpriced = new Set<string>()
  let total: DecimalString = '0'
  for (const b of balances) {
    const c = perCoin.get(b.asset) ?? { available: '0', frozen: '0' }
    perCoin.set(b.asset, { available: add(c.available, b.available), frozen: add(c.frozen, b.frozen) })
    const amount = add(b.available, b.frozen)
    const price = indexPriceUsdt(market, b.asset)
    if (price === null) {
      if (amount !== '0') unpriced.add(b.asset)
      continue
    }
    const v = mul(amount, price)
    total = add(total, v)
    perAccount.set(b.account, add(perAccount.get(b.account) ?? '0', v))
  }
  const rate = displayRate(market, currency)
  return {
    totalUsdt: toFixed(total, USDT_DP),
    display: {
      currency: currency,
      rate,
      total: rate === null ? null : toFixed(mul(total, rate), USDT_DP),
    },
    accounts: [...perAccount].map(([account, v]) => ({ account, valueUsdt: toFixed(v, USDT_DP) })),
    coins: [...perCoin].map(([coin, b]) => {
      const amount = add(b.available, b.frozen)
      const price = indexPriceUsdt(market, coin)
      return {
        coin,
        available: b.available,
        frozen: b.frozen,
        total: amount,
        price,
        valueUsdt: value(amount, price),
      }
    }),
    unpriced: [...unpriced],
  }
}

/** One account's balances per coin, with what may leave it now and their USDT value. */
export async function accountBalances(
  db: Db,
  market: MarketData,
  userId: string,
  account: WalletAccount,
): Promise<AccountBalances> {
  const [assets, balances] = await Promise.all([listAssets(db), readBalances(db, userId, { account })])
  const byCoin = new Map(balances.map((b) => [b.asset, b]))
  // What may leave the account now: in funding, what is owed on open loans stays (./loan-lock.ts);
  // in contract, the margin behind an unrealized loss (cross margin, contract/transfer-guard.ts).
  const transferable = new Map<string, DecimalString>()
  for (const b of balances)
    if (account === 'funding' && gt(b.available, '0'))
      transferable.set(b.asset, await withdrawable(db, userId, b.asset, b.available))
    else if (account === 'contract' && gt(b.available, '0'))
      transferable.set(b.asset, await contractTransferableOf(db, userId, b.asset, b.available, market))
  let total: DecimalString = '0'
  const list = assets.map((a) => {
    const b = byCoin.get(a.code) ?? { available: '0', frozen: '0' }
    const price = indexPriceUsdt(market, a.code)
    const v = value(add(b.available, b.frozen), price)
    if (v !== null) total = add(total, v)
    return {
      coin: a.code,
      name: a.name,
      precision: a.precision,
      available: b.available,
      frozen: b.frozen,
      transferable: transferable.get(a.code) ?? b.available,
      price,
      valueUsdt: v,
    }
  })
  return { account, totalUsdt: toFixed(total, USDT_DP), list }
}

/** One coin across the user's accounts, and what may be done with it. */
export async function coinDetail(db: Db, market: MarketData, userId: string, coin: string) {
  const precision = await assetPrecision(db, coin)
  const balances = await readBalances(db, userId, { asset: coin })
  const byAccount = new Map(balances.map((b) => [b.account, b]))
  const accounts = WALLET_ACCOUNTS.map((account) => {
    const b = byAccount.get(account)
    return { account, available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
  })
  const total = accounts.reduce<DecimalString>((s, a) => add(s, add(a.available, a.frozen)), '0')
  const price = indexPriceUsdt(market, coin)
  const channels = await openChannels(db, coin)
  return {
    coin,
    precision,
    price,
    total,
    valueUsdt: value(total, price),
    accounts,
    canDeposit: channels.length > 0,
    canWithdraw: COINS.some((c) => c.code === coin),
    canExchange: price !== null,
  }
}

/** A transfer between two of the user's own accounts (what is owed on loans, or held as margin, stays). */
export async function transfer(
  db: Db,
  market: MarketData,
  userId: string,
  body: v.InferOutput<typeof transferSchema>,
) {
  checkDecimals(body.amount, await assetPrecision(db, body.coin), 'amount', body.coin)
  const id = newId()
  await db.transaction().execute(async (trx) => {
    await assertCanMoveFunds(trx, userId)
    if (body.from === 'funding') await assertLoanUnlocked(trx, userId, body.coin, body.amount)
    if (body.from === 'contract') await assertContractTransfer(trx, userId, body.coin, body.amount, market)
    await postEntry(trx, {
      reason: 'transfer',
      refType: 'transfer',
      refId: id,
      actorId: userId,
      postings: move(
        { holder: userId, account: body.from, asset: body.coin },
        { holder: userId, account: body.to, asset: body.coin },
        body.amount,
      ),
    })
    await insertTransfer(trx, {
      id,
      user_id: userId,
      asset: body.coin,
      from_account: body.from,
      to_account: body.to,
      amount: body.amount,
    })
  })
  return { id }
}
