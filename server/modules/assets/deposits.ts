import { isValidAddress } from '@common/assets/address'
import { COINS, chainDef } from '@common/assets/chains'
import type { DepositChannelInput } from '@common/assets/schema'
import { cmp, normalize } from '@common/money/decimal'
import type { EvmChainConfig } from '../../chain-config'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { ownUploadCount } from '../../platform/content/uploads'
import { writeAudit } from '../../platform/staff/audit'
import { assetPrecision, checkDecimals, ms, newId } from './context'
import { allChannels, insertDeposit, openChannel, openChannels, saveChannel } from './repo'

/** The operator-set channel of a coin on a chain, refused when the pair is unknown or closed. */
export async function channelOf(db: Db, coin: string, chain: string) {
  if (!chainDef(coin, chain)) throw new AppError('unsupportedChain')
  const row = await openChannel(db, coin, chain)
  if (!row) throw new AppError('depositClosed')
  return row
}

/** Which coins move on which chains, with fees and whether deposits are open. */
export async function chainsOverview(db: Db, watched: EvmChainConfig[] = []) {
  const isOpen = new Set((await openChannels(db)).map((r) => `${r.asset}/${r.chain}`))
  // A watched chain takes deposits of its configured coins at each user's own address.
  for (const w of watched)
    for (const coin of [...w.tokens.map((t) => t.coin), ...(w.native ? [w.native.coin] : [])])
      isOpen.add(`${coin}/${w.chain}`)
  return COINS.map((c) => ({
    coin: c.code,
    chains: c.chains.map((x) => ({
      chain: x.id,
      family: x.family,
      fee: x.fee,
      minWithdraw: x.minWithdraw,
      depositOpen: isOpen.has(`${c.code}/${x.id}`),
    })),
  }))
}

/** "I have sent": a pending deposit to the channel's address, with the user's own proof picture. */
export async function submitDeposit(
  db: Db,
  userId: string,
  body: { coin: string; chain: string; amount: string; voucher: string },
) {
  checkDecimals(body.amount, await assetPrecision(db, body.coin), 'amount', body.coin)
  const ch = await channelOf(db, body.coin, body.chain)
  if (cmp(body.amount, normalize(ch.min_amount)) < 0)
    throw new AppError('invalidField', {
      msg: 'Invalid value for amount',
      data: { field: 'amount', reason: 'below_minimum', min: normalize(ch.min_amount) },
    })
  if ((await ownUploadCount(db, [body.voucher], userId)) !== 1) throw new AppError('uploadInvalid')
  const id = newId()
  await insertDeposit(db, {
    id,
    user_id: userId,
    asset: body.coin,
    chain: body.chain,
    address: ch.address,
    amount: body.amount,
    voucher_upload_id: body.voucher,
  })
  return { id, status: 'pending' }
}

/** The console's deposit addresses: every coin/chain pair, set or not. */
export async function channelList(db: Db) {
  const byKey = new Map((await allChannels(db)).map((r) => [`${r.asset}/${r.chain}`, r]))
  return COINS.flatMap((c) =>
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
  )
}

/** Sets a deposit address (the console), audited in its own transaction. */
export async function setChannel(db: Db, body: DepositChannelInput, by: { actorId: string; ip: string }) {
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
    updated_by: by.actorId,
    updated_at: new Date(),
  }
  await db.transaction().execute(async (trx) => {
    const before = await saveChannel(trx, body.coin, body.chain, values)
    await writeAudit(trx, {
      actorId: by.actorId,
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
      ip: by.ip,
    })
  })
}
