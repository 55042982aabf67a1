import { isValidAddress } from '@common/assets/address'
import { COINS, chainDef } from '@common/assets/chains'
import {
  depositAddressQuerySchema,
  depositChannelSaveSchema,
  depositSchema,
  statusPageQuerySchema,
} from '@common/assets/schema'
import type { DepositAddress } from '@common/assets/types'
import { cmp, normalize } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import type { Db } from '../../db/db'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { writeAudit } from '../../platform/staff/audit'
import { type AssetsCtx, assetPrecision, checkDecimals, ms, newId, paged } from './context'

/** Deposits: coins and chains, the operator-set address per chain, "I have sent" with a proof. */
export async function depositRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }

  async function openChannel(coin: string, chain: string) {
    if (!chainDef(coin, chain)) throw new AppError('unsupportedChain')
    const row = await db
      .selectFrom('deposit_channel')
      .selectAll()
      .where('asset', '=', coin)
      .where('chain', '=', chain)
      .where('enabled', '=', true)
      .executeTakeFirst()
    if (!row) throw new AppError('depositClosed')
    return row
  }

  // Which coins move on which chains, with fees and whether deposits are open.
  app.get('/assets/chains', auth, async () => {
    const open = await db
      .selectFrom('deposit_channel')
      .select(['asset', 'chain'])
      .where('enabled', '=', true)
      .execute()
    const isOpen = new Set(open.map((r) => `${r.asset}/${r.chain}`))
    return ok(
      COINS.map((c) => ({
        coin: c.code,
        chains: c.chains.map((x) => ({
          chain: x.id,
          family: x.family,
          fee: x.fee,
          minWithdraw: x.minWithdraw,
          depositOpen: isOpen.has(`${c.code}/${x.id}`),
        })),
      })),
    )
  })

  app.get('/assets/deposit/address', auth, async (req) => {
    const q = parse(depositAddressQuerySchema, req.query)
    const ch = await openChannel(q.coin, q.chain)
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

  app.post('/assets/deposit', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(depositSchema, req.body)
    checkDecimals(body.amount, await assetPrecision(db, body.coin), 'amount', body.coin)
    const ch = await openChannel(body.coin, body.chain)
    if (cmp(body.amount, normalize(ch.min_amount)) < 0)
      throw new AppError('invalidField', {
        msg: 'Invalid value for amount',
        data: { field: 'amount', reason: 'below_minimum', min: normalize(ch.min_amount) },
      })
    const upload = await db
      .selectFrom('upload')
      .select('id')
      .where('id', '=', body.voucher)
      .where('owner_id', '=', me.id)
      .executeTakeFirst()
    if (!upload) throw new AppError('uploadInvalid')
    const id = newId()
    await db
      .insertInto('deposit')
      .values({
        id,
        user_id: me.id,
        asset: body.coin,
        chain: body.chain,
        address: ch.address,
        amount: body.amount,
        voucher_upload_id: body.voucher,
      })
      .execute()
    return ok({ id, status: 'pending' })
  })

  app.get('/assets/deposits', auth, async (req) => {
    const me = currentUser(req)
    const { page, size } = parse(statusPageQuerySchema, req.query)
    const rows = await db
      .selectFrom('deposit')
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
        chain: r.chain,
        address: r.address,
        amount: normalize(r.amount),
        creditedAmount: r.credited_amount === null ? null : normalize(r.credited_amount),
        status: r.status,
        rejectReason: r.reject_reason,
        at: ms(r.created_at),
        reviewedAt: ms(r.reviewed_at),
      })),
    )
  })
}

/**
 * Operator console: the platform's deposit addresses (GET /api/admin/deposit-channels, POST
 * /api/admin/deposit-channels/save). Registered by the console inside its guarded plugin
 * (server/modules/admin/routes.ts), so the same gate applies as to every console route: a staff
 * session, one-time password changed, Google authenticator on. Every coin/chain pair is listed, set
 * or not; each save is audited in its own transaction.
 */
export async function depositChannelRoutes(admin: FastifyInstance, db: Db): Promise<void> {
  admin.get('/deposit-channels', async () => {
    const rows = await db.selectFrom('deposit_channel').selectAll().execute()
    const byKey = new Map(rows.map((r) => [`${r.asset}/${r.chain}`, r]))
    return ok(
      COINS.flatMap((c) =>
        c.chains.map((x) => {
          const r = byKey.get(`${c.code}/${x.id}`)
          return {
            coin: c.code,
            chain: x.id,
            family: x.family,
            address: r?.address ?? null,
            minAmount: r ? normalize(r.min_amount) : '0',
            confirmations: r?.confirmations ?? null,
            enabled: r?.enabled ?? false,
            updatedBy: r?.updated_by ?? null,
            updatedAt: r ? ms(r.updated_at) : null,
          }
        }),
      ),
    )
  })

  admin.post('/deposit-channels/save', async (req) => {
    const me = currentUser(req)
    const body = parse(depositChannelSaveSchema, req.body)
    const def = chainDef(body.coin, body.chain)
    if (!def) throw new AppError('unsupportedChain')
    if (!isValidAddress(def.family, body.address)) throw new AppError('invalidAddress')
    if (body.minAmount !== undefined)
      checkDecimals(body.minAmount, await assetPrecision(db, body.coin), 'minAmount', body.coin)
    const values = {
      address: body.address,
      min_amount: body.minAmount ?? '0',
      confirmations: body.confirmations,
      enabled: body.enabled,
      updated_by: me.id,
      updated_at: new Date(),
    }
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('deposit_channel')
        .select(['address', 'min_amount', 'confirmations', 'enabled'])
        .where('asset', '=', body.coin)
        .where('chain', '=', body.chain)
        .forUpdate()
        .executeTakeFirst()
      await trx
        .insertInto('deposit_channel')
        .values({ asset: body.coin, chain: body.chain, ...values })
        .onConflict((oc) => oc.columns(['asset', 'chain']).doUpdateSet(values))
        .execute()
      await writeAudit(trx, {
        actorId: me.id,
        action: 'deposit_channel.save',
        targetType: 'deposit_channel',
        targetId: `${body.coin}/${body.chain}`,
        before: before ?? null,
        after: {
          address: values.address,
          min_amount: values.min_amount,
          confirmations: values.confirmations,
          enabled: values.enabled,
        },
        ip: req.ip,
      })
    })
    return ok(null)
  })
}
