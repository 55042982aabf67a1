import { INTERNAL_REASONS } from '@common/assets/bills'
import { COINS } from '@common/assets/chains'
import {
  balancesQuerySchema,
  coinQuerySchema,
  ledgerQuerySchema,
  statusPageQuerySchema,
  transferSchema,
} from '@common/assets/schema'
import type { AccountBalances } from '@common/assets/types'
import { WALLET_ACCOUNTS } from '@common/ledger/accounts'
import { LEDGER_REASONS } from '@common/ledger/reasons'
import { add, type DecimalString, gt, mul, normalize, toFixed } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { assertCanMoveFunds } from '../../http/guards'
import { parse } from '../../http/validate'
import { move, postEntry, readBalances } from '../../ledger/ledger'
import { displayRate, indexPriceUsdt } from '../../platform/market-prices/prices'
import { assertContractTransfer, contractTransferableOf } from '../../platform/ports/contract-transfer'
import { assertLoanUnlocked, withdrawable } from '../../platform/ports/loan-lock'
import { type AssetsCtx, assetPrecision, checkDecimals, listAssets, ms, newId, paged } from './context'

const USDT_DP = 2

/** Balances, valuation, ledger records and transfers between a user's own accounts. */
export async function walletRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db, market } = ctx
  const auth = { preHandler: requireUser }

  const value = (amount: DecimalString, price: DecimalString | null) =>
    price === null ? null : toFixed(mul(amount, price), USDT_DP)

  app.get('/assets/overview', auth, async (req) => {
    const me = currentUser(req)
    const [assets, balances, user] = await Promise.all([
      listAssets(db),
      readBalances(db, me.id),
      db.selectFrom('users').select('currency').where('id', '=', me.id).executeTakeFirstOrThrow(),
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
    const rate = displayRate(market, user.currency)
    return ok({
      totalUsdt: toFixed(total, USDT_DP),
      display: {
        currency: user.currency,
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
    })
  })

  app.get('/assets/balances', auth, async (req) => {
    const me = currentUser(req)
    const { account } = parse(balancesQuerySchema, req.query)
    const [assets, balances] = await Promise.all([listAssets(db), readBalances(db, me.id, { account })])
    const byCoin = new Map(balances.map((b) => [b.asset, b]))
    // What may leave the account now: in funding, what is owed on open loans stays (./loan-lock.ts);
    // in contract, the margin behind an unrealized loss (cross margin, contract/transfer-guard.ts).
    const transferable = new Map<string, DecimalString>()
    for (const b of balances)
      if (account === 'funding' && gt(b.available, '0'))
        transferable.set(b.asset, await withdrawable(db, me.id, b.asset, b.available))
      else if (account === 'contract' && gt(b.available, '0'))
        transferable.set(b.asset, await contractTransferableOf(db, me.id, b.asset, b.available, market))
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
    return ok<AccountBalances>({ account, totalUsdt: toFixed(total, USDT_DP), list })
  })

  app.get('/assets/coin', auth, async (req) => {
    const me = currentUser(req)
    const { coin } = parse(coinQuerySchema, req.query)
    const precision = await assetPrecision(db, coin)
    const balances = await readBalances(db, me.id, { asset: coin })
    const byAccount = new Map(balances.map((b) => [b.account, b]))
    const accounts = WALLET_ACCOUNTS.map((account) => {
      const b = byAccount.get(account)
      return { account, available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
    })
    const total = accounts.reduce<DecimalString>((s, a) => add(s, add(a.available, a.frozen)), '0')
    const price = indexPriceUsdt(market, coin)
    const channels = await db
      .selectFrom('deposit_channel')
      .select('chain')
      .where('asset', '=', coin)
      .where('enabled', '=', true)
      .execute()
    return ok({
      coin,
      precision,
      price,
      total,
      valueUsdt: value(total, price),
      accounts,
      canDeposit: channels.length > 0,
      canWithdraw: COINS.some((c) => c.code === coin),
      canExchange: price !== null,
    })
  })

  // The bill types this user actually has (the bills filter offers only these); own postings only.
  app.get('/assets/ledger/reasons', auth, async (req) => {
    const me = currentUser(req)
    const rows = await db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
      .select('e.reason')
      .distinct()
      .where('p.holder', '=', me.id)
      .execute()
    const have = new Set(rows.map((r) => r.reason))
    // In the catalogue's order (deposits first, products after), not the database's.
    return ok(LEDGER_REASONS.filter((r) => have.has(r)))
  })

  app.get('/assets/ledger', auth, async (req) => {
    const me = currentUser(req)
    const q = parse(ledgerQuerySchema, req.query)
    // internal=0: leave out the freeze/release movements between a user's own available and frozen
    // buckets (order placed, cancelled, withdrawal requested or returned): they change nothing owned.
    const hideInternal = (req.query as { internal?: unknown } | undefined)?.internal === '0'
    let query = db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
      .select([
        'p.id',
        'p.entry_id',
        'p.account',
        'p.asset',
        'p.bucket',
        'p.amount',
        'p.balance_after',
        'e.reason',
        'e.ref_type',
        'e.ref_id',
        'e.created_at',
      ])
      .where('p.holder', '=', me.id)
    if (q.reason) query = query.where('e.reason', '=', q.reason)
    else if (hideInternal) query = query.where('e.reason', 'not in', [...INTERNAL_REASONS])
    if (q.account) query = query.where('p.account', '=', q.account)
    if (q.coin) query = query.where('p.asset', '=', q.coin)
    const rows = await query
      .orderBy('p.id', 'desc')
      .limit(q.size + 1)
      .offset((q.page - 1) * q.size)
      .execute()
    return ok(
      paged(rows, q.size, (r) => ({
        id: Number(r.id),
        entryId: Number(r.entry_id),
        reason: r.reason,
        account: r.account,
        coin: r.asset,
        bucket: r.bucket,
        amount: normalize(r.amount),
        balanceAfter: normalize(r.balance_after),
        refType: r.ref_type,
        refId: r.ref_id,
        at: ms(r.created_at),
      })),
    )
  })

  app.post('/assets/transfer', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(transferSchema, req.body)
    checkDecimals(body.amount, await assetPrecision(db, body.coin), 'amount', body.coin)
    const id = newId()
    await db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, me.id)
      if (body.from === 'funding') await assertLoanUnlocked(trx, me.id, body.coin, body.amount)
      if (body.from === 'contract') await assertContractTransfer(trx, me.id, body.coin, body.amount, market)
      await postEntry(trx, {
        reason: 'transfer',
        refType: 'transfer',
        refId: id,
        actorId: me.id,
        postings: move(
          { holder: me.id, account: body.from, asset: body.coin },
          { holder: me.id, account: body.to, asset: body.coin },
          body.amount,
        ),
      })
      await trx
        .insertInto('transfer_record')
        .values({
          id,
          user_id: me.id,
          asset: body.coin,
          from_account: body.from,
          to_account: body.to,
          amount: body.amount,
        })
        .execute()
    })
    return ok({ id })
  })

  app.get('/assets/transfers', auth, async (req) => {
    const me = currentUser(req)
    const { page, size } = parse(statusPageQuerySchema, req.query)
    const rows = await db
      .selectFrom('transfer_record')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute()
    return ok(
      paged(rows, size, (r) => ({
        id: r.id,
        coin: r.asset,
        from: r.from_account,
        to: r.to_account,
        amount: normalize(r.amount),
        at: ms(r.created_at),
      })),
    )
  })
}
