import { randomBytes, randomUUID } from 'node:crypto'
import { walletProofSchema, walletUnlinkSchema } from '@common/wallet/schema'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { verifyMessage } from 'viem'
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { hashPassword } from '../../platform/identity/passwords'
import { hashToken } from '../../platform/identity/sessions'
import { getUser, isUniqueViolation, neutralNickname, newInviteCode } from '../../platform/identity/users'
import { type AuthCtx, clientMeta, strictLimit } from './context'
import { finishFirstStep } from './login-session'
import { siweProblem } from './siwe-rules'
import {
  insertNonce,
  insertWalletUser,
  linkWallet,
  spendNonce,
  unlinkWallet,
  walletOwner,
  walletsOf,
} from './wallet-repo'

const NONCE_TTL_MS = 10 * 60 * 1000

/**
 * Wallet login with Sign-In with Ethereum (EIP-4361). An address alone never logs anyone in:
 * the wallet must sign our message, for our domain, with a fresh single-use nonce that was
 * handed to this same client (the ticket), within its five-minute life.
 */
export async function walletRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  const { db } = ctx
  if (ctx.config.isProduction && !ctx.config.publicUrlSet)
    app.log.warn(
      `PUBLIC_URL is not set: wallet login accepts only ${ctx.config.publicOrigins.join(' and ')}; set it to the site's public origin`,
    )

  app.post('/user/walletNonce', strictLimit(ctx), async () => {
    const nonce = generateSiweNonce()
    const ticket = randomBytes(24).toString('base64url')
    await insertNonce(db, nonce, hashToken(ticket), new Date(Date.now() + NONCE_TTL_MS))
    return ok({ nonce, ticket })
  })

  /** Proves the request's wallet signed a valid message; consumes the nonce. Returns the address. */
  async function proveWallet(req: FastifyRequest): Promise<string> {
    const body = parse(walletProofSchema, req.body)
    let fields: ReturnType<typeof parseSiweMessage>
    try {
      fields = parseSiweMessage(body.message)
    } catch {
      throw new AppError('authenticationFailed')
    }
    const problem = siweProblem(fields, {
      origins: ctx.config.publicOrigins,
      address: body.account,
      now: Date.now(),
    })
    if (problem) {
      req.log.info({ problem }, 'wallet login refused')
      throw new AppError('authenticationFailed')
    }
    let valid = false
    try {
      valid = await verifyMessage({
        address: body.account as `0x${string}`,
        message: body.message,
        signature: body.signature as `0x${string}`,
      })
    } catch {
      valid = false
    }
    if (!valid) {
      req.log.info({ problem: 'signature' }, 'wallet login refused')
      throw new AppError('authenticationFailed')
    }
    // Single use, bound to the client that asked for it, still fresh: one atomic update decides.
    if (!(await spendNonce(db, fields.nonce as string, hashToken(body.ticket)))) {
      req.log.info({ problem: 'nonce' }, 'wallet login refused')
      throw new AppError('authenticationFailed')
    }
    return body.account
  }

  app.post('/user/walletlogin', strictLimit(ctx), async (req) => {
    const address = await proveWallet(req)
    let userId = await walletOwner(db, address)
    if (!userId) {
      // A new address gets an account of its own; its password is random until the user sets one.
      userId = randomUUID()
      await insertWalletUser(
        db,
        {
          id: userId,
          phone: null,
          phone_country: null,
          email: null,
          password_hash: await hashPassword(randomBytes(32).toString('base64url')),
          trade_password_hash: null,
          nickname: neutralNickname(),
          invite_code: newInviteCode(),
          referred_by: null,
        },
        address,
      )
    }
    const user = await getUser(db, userId)
    if (user.status === 'closed') throw new AppError('accountAbnormal')
    return ok(await finishFirstStep(db, user, clientMeta(req), address))
  })

  app.get('/user/wallets', { preHandler: requireUser }, async (req) => {
    const me = currentUser(req)
    const rows = await walletsOf(db, me.id)
    return ok(rows.map((r) => ({ address: r.address, linkedAt: new Date(r.created_at).getTime() })))
  })

  app.post('/user/wallet/link', { preHandler: requireUser, ...strictLimit(ctx) }, async (req) => {
    const me = currentUser(req)
    const address = await proveWallet(req)
    const owner = await walletOwner(db, address)
    if (owner && owner !== me.id) throw new AppError('walletTaken')
    if (!owner) {
      try {
        await linkWallet(db, me.id, address)
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('walletTaken')
        throw err
      }
    }
    return ok({ address })
  })

  app.post('/user/wallet/unlink', { preHandler: requireUser }, async (req) => {
    const me = currentUser(req)
    const { account } = parse(walletUnlinkSchema, req.body)
    const user = await getUser(db, me.id)
    const wallets = await walletsOf(db, me.id)
    if (!wallets.some((w) => w.address === account)) throw new AppError('notFound')
    // Keep a way in: another wallet, or a phone or e-mail to log in with.
    if (wallets.length === 1 && !user.email && !user.phone) throw new AppError('keepOneContact')
    await unlinkWallet(db, me.id, account)
    return ok(null)
  })
}
