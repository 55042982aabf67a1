import { INTERNAL_REASONS } from '@common/assets/bills'
import {
  balancesQuerySchema,
  coinQuerySchema,
  ledgerQuerySchema,
  statusPageQuerySchema,
  transferSchema,
} from '@common/assets/schema'
import type { AccountBalances } from '@common/assets/types'
import { LEDGER_REASONS } from '@common/ledger/reasons'
import { normalize } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { type AssetsCtx, feed, ms } from './context'
import { accountBalances, coinDetail, overview, transfer } from './wallet'
import { ledgerPage, ledgerReasons, transfersPage } from './wallet-repo'

/** Balances, valuation, ledger records and transfers between a user's own accounts. */
export async function walletRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db, market } = ctx
  const auth = { preHandler: requireUser }

  app.get('/assets/overview', auth, async (req) => ok(await overview(db, market, currentUser(req).id)))

  app.get('/assets/balances', auth, async (req) => {
    const { account } = parse(balancesQuerySchema, req.query)
    return ok<AccountBalances>(await accountBalances(db, market, currentUser(req).id, account))
  })

  app.get('/assets/coin', auth, async (req) => {
    const { coin } = parse(coinQuerySchema, req.query)
    return ok(await coinDetail(db, market, currentUser(req).id, coin))
  })

  // The bill types this user actually has (the bills filter offers only these); own postings only.
  app.get('/assets/ledger/reasons', auth, async (req) => {
    const have = await ledgerReasons(db, currentUser(req).id)
    // In the catalogue's order (deposits first, products after), not the database's.
    return ok(LEDGER_REASONS.filter((r) => have.has(r)))
  })

  app.get('/assets/ledger', auth, async (req) => {
    const me = currentUser(req)
    const q = parse(ledgerQuerySchema, req.query)
    // internal=0: leave out the freeze/release movements between a user's own available and frozen
    // buckets (order placed, cancelled, withdrawal requested or returned): they change nothing owned.
    const hideInternal = (req.query as { internal?: unknown } | undefined)?.internal === '0'
    const page = await ledgerPage(db, me.id, {
      ...q,
      notReasons: hideInternal ? INTERNAL_REASONS : undefined,
    })
    return ok(
      feed(page, (r) => ({
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

  app.post('/assets/transfer', auth, async (req) =>
    ok(await transfer(db, market, currentUser(req).id, parse(transferSchema, req.body))),
  )

  app.get('/assets/transfers', auth, async (req) => {
    const page = await transfersPage(db, currentUser(req).id, parse(statusPageQuerySchema, req.query))
    return ok(
      feed(page, (r) => ({
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
