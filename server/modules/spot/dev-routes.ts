import { WALLET_ACCOUNTS } from '@common/ledger/accounts'
import { positiveDecimal } from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { fromDepositClearing, postEntry } from '../../ledger/ledger'
import { checkAssetAmount } from '../../ledger/precision'
import type { ModuleDeps } from '../../platform/module-deps'

const creditSchema = v.object({
  asset: v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,10}$/)),
  amount: positiveDecimal,
  account: v.optional(v.picklist(WALLET_ACCOUNTS, 'invalid_account'), 'spot'),
})

/**
 * Browser tests need funded users and there is no deposit flow in the spot area: POST
 * /api/dev/credit books a 'recharge' from the deposit clearing account to the caller.
 * Registered only when NODE_ENV is not "production", like the auth dev routes.
 */
export async function spotDevRoutes(app: FastifyInstance, opts: ModuleDeps): Promise<void> {
  app.post('/dev/credit', { preHandler: requireUser }, async (req) => {
    const { asset, amount, account } = parse(creditSchema, req.body)
    const holder = currentUser(req).id
    await checkAssetAmount(opts.db, asset, amount)
    await opts.db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'recharge',
        refType: 'dev_credit',
        memo: 'test credit',
        postings: fromDepositClearing({ holder, account, asset }, amount),
      }),
    )
    return ok(true)
  })
}
