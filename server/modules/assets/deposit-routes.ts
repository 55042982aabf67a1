import { depositAddressQuerySchema, depositSchema, statusPageQuerySchema } from '@common/assets/schema'
import type { DepositAddress } from '@common/assets/types'
import { normalize } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { depositAddressOf, qrOf, watchedChain } from './chain/addresses'
import { pendingOf } from './chain/pending'
import { type AssetsCtx, feed, ms } from './context'
import { chainsOverview, channelOf, submitDeposit } from './deposits'
import { reviewPage } from './repo'
import { depositView } from './review'

/** Deposits: coins and chains, the operator-set address per chain, "I have sent" with a proof. */
export async function depositRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }

  app.get('/assets/chains', auth, async () => ok(await chainsOverview(db, ctx.config.chains)))

  app.get('/assets/deposit/address', auth, async (req) => {
    const q = parse(depositAddressQuerySchema, req.query)
    // A watched EVM chain: the user's own address, derived from the operator's xpub.
    const watched = watchedChain(ctx.config.chains, q.coin, q.chain)
    if (watched) {
      const address = await depositAddressOf(db, watched.cfg, currentUser(req).id)
      return ok<DepositAddress>({
        coin: q.coin,
        chain: q.chain,
        address,
        qr: await qrOf(address),
        minAmount: watched.minDeposit,
        confirmations: watched.cfg.confirmations,
        watched: true,
      })
    }
    const ch = await channelOf(db, q.coin, q.chain)
    const qr = await QRCode.toDataURL(ch.address, { errorCorrectionLevel: 'M', margin: 1, width: 220 })
    return ok<DepositAddress>({
      coin: ch.asset,
      chain: ch.chain,
      address: ch.address,
      qr,
      minAmount: normalize(ch.min_amount),
      confirmations: ch.confirmations,
    })
  })

  // Transfers seen on a watched chain, waiting for their confirmations ("k / N").
  app.get('/assets/deposit/pending', auth, async (req) => {
    const q = parse(depositAddressQuerySchema, req.query)
    return ok(await pendingOf(db, ctx.config.chains, currentUser(req).id, q.chain, q.coin))
  })

  app.post('/assets/deposit', auth, async (req) =>
    ok(await submitDeposit(db, currentUser(req).id, parse(depositSchema, req.body))),
  )

  app.get('/assets/deposits', auth, async (req) => {
    const q = parse(statusPageQuerySchema, req.query)
    const page = await reviewPage(db, 'deposit', { ...q, userId: currentUser(req).id })
    return ok(feed(page, (r) => ({ ...depositView(r), at: ms(r.created_at) })))
  })
}
