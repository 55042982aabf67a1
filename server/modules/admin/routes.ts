import {
  adjustSchema,
  auditListSchema,
  identityListSchema,
  identityRejectSchema,
  marketLimitsSchema,
  marketMakersSchema,
  marketStatusSchema,
  staffCreateSchema,
  userActionSchema,
  userIdSchema,
  userLedgerSchema,
  userSearchSchema,
} from '@common/admin/schema'
import type { StaffMe } from '@common/admin/types'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { abs, isNegative, neg, normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type SelectQueryBuilder, sql } from 'kysely'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { currentUser, requireAdmin, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { move, postEntry, readBalances } from '../../ledger/ledger'
import { checkAssetAmount, checkDecimals, checkThresholds } from '../../ledger/precision'
import { forgetSessions } from '../../platform/identity/sessions'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { fourEyes } from '../../platform/staff/duties'
import { assertStaffReady, createStaff, staffState } from '../../platform/staff/staff'
import { approvalRoutes } from './approvals-routes'

export const MARKET_MAKERS_KEY = 'market_makers.enabled'
type AdjustBody = v.InferOutput<typeof adjustSchema>

const ms = toMillisOrNull
const photo = (id: string | null) => (id ? `upload/${id}` : null)
/**
 * One page of a console listing: the total (for the pager) and the rows of page `q.page`, both from
 * the same filtered query; `rows` adds the columns and the order.
 */
async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  q: { page: number; size: number },
  rows: (b: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ total: number; rows: O[] }> {
  const count = base.select((eb) => eb.fn.countAll<string>().as('n'))
  const total = (await count.executeTakeFirstOrThrow()) as { n: string | number }
  const list = await rows(base)
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return { total: Number(total.n), rows: list as O[] }
}

async function instrumentColumns(db: Db): Promise<Set<string>> {
  const rows = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_name = 'instrument' and table_schema = current_schema()`.execute(db)
  return new Set(rows.rows.map((r) => r.column_name))
}

/** A target account operators may act on: users only; admins may act on anyone but themselves. */
async function targetUser(db: Db, userId: string, a: { actorId: string; role: string }) {
  const u = await db
    .selectFrom('users')
    .select(['id', 'role', 'status', 'email', 'phone', 'totp_secret', 'google_verify'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!u) throw new AppError('notFound')
  if (u.id === a.actorId) throw new AppError('staffSelfAction')
  if (u.role !== 'user' && a.role !== 'admin') throw new AppError('forbidden')
  return u
}

/** The operator console: /api/admin/*, staff only, every action audited. */
export async function adminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  if (!deps.config.isProduction) {
    // Development and browser tests only: what `npm run operator -- create <email>` does.
    app.post('/dev/staff', async (req) => {
      const body = parse(staffCreateSchema, req.body)
      const s = await createStaff(db, { email: body.email, role: body.role })
      return ok({ userId: s.userId, email: s.email, role: s.role, password: s.password })
    })
  }

  await app.register(
    async (admin) => {
      // Every console endpoint: a staff session (1003 without one, 1006 for users), and a staff
      // account that changed its one-time password and has Google authenticator on (except /me).
      admin.addHook('preHandler', requireStaff)
      admin.addHook('preHandler', async (req) => {
        if (req.routeOptions.url === '/api/admin/me') return
        await assertStaffReady(db, currentUser(req).id)
      })

      admin.get('/me', async (req) => {
        const me = currentUser(req)
        const u = await db
          .selectFrom('users')
          .select(['email', 'nickname', 'uid'])
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow()
        return ok<StaffMe>({
          id: me.id,
          uid: u.uid,
          email: u.email,
          nickname: u.nickname,
          ...(await staffState(db, me.id)),
        })
      })

      admin.get('/overview', async () => {
        const count = async (status: string) =>
          Number(
            (
              await db
                .selectFrom('identity')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('advanced_status', '=', status as 'pending')
                .executeTakeFirstOrThrow()
            ).n,
          )
        const frozen = await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'frozen')
          .executeTakeFirstOrThrow()
        const suspended = await db
          .selectFrom('instrument')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'suspended')
          .executeTakeFirstOrThrow()
        return ok({
          identityPending: await count('pending'),
          frozenUsers: Number(frozen.n),
          suspendedMarkets: Number(suspended.n),
          ...(await queueCounts(db)),
        })
      })

      // ---- Identity review -------------------------------------------------------------------
      admin.get('/identity/list', async (req) => {
        const q = parse(identityListSchema, req.query)
        const base = db
          .selectFrom('identity as i')
          .innerJoin('users as u', 'u.id', 'i.user_id')
          .where('i.advanced_status', '=', q.status)
        const { total, rows } = await pageOf(base, q, (b) =>
          b
            .select([
              'i.user_id',
              'u.uid',
              'u.email',
              'u.phone',
              'i.nationality',
              'i.real_name',
              'i.id_number',
              'i.advanced_status',
              'i.reject_reason',
              'i.submitted_at',
              'i.basic_at',
              'i.reviewed_at',
              'i.front_upload_id',
              'i.back_upload_id',
              'i.hand_upload_id',
            ])
            .orderBy(
              q.status === 'pending' ? 'i.submitted_at' : 'i.basic_at',
              q.status === 'pending' ? 'asc' : 'desc',
            ),
        )
        return ok({
          total,
          list: rows.map((r) => ({
            userId: r.user_id,
            uid: r.uid,
            email: r.email,
            phone: r.phone,
            nationality: r.nationality,
            realName: r.real_name,
            idNumber: r.id_number,
            status: r.advanced_status,
            rejectReason: r.reject_reason,
            basicAt: ms(r.basic_at),
            submittedAt: ms(r.submitted_at),
            reviewedAt: ms(r.reviewed_at),
            photos: {
              front: photo(r.front_upload_id),
              back: photo(r.back_upload_id),
              hand: photo(r.hand_upload_id),
            },
          })),
        })
      })

      async function decideIdentity(req: FastifyRequest, approve: boolean) {
        const a = actor(req)
        const body = approve
          ? { ...parse(userIdSchema, req.body), reason: '' }
          : parse(identityRejectSchema, req.body)
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('identity')
            .select(['advanced_status', 'reject_reason'])
            .where('user_id', '=', body.userId)
            .forUpdate()
            .executeTakeFirst()
          if (!row) throw new AppError('notFound')
          if (row.advanced_status !== 'pending') throw new AppError('reviewDecided')
          const next = approve ? 'verified' : 'failed'
          await trx
            .updateTable('identity')
            .set({
              advanced_status: next,
              reject_reason: approve ? null : body.reason,
              reviewed_at: new Date(),
              reviewer_id: a.actorId,
            })
            .where('user_id', '=', body.userId)
            .execute()
          await writeAudit(trx, {
            actorId: a.actorId,
            action: approve ? 'identity.approve' : 'identity.reject',
            targetType: 'user',
            targetId: body.userId,
            before: { status: row.advanced_status },
            after: { status: next, ...(approve ? {} : { reason: body.reason }) },
            reason: body.reason,
            ip: a.ip,
          })
        })
        return ok(null)
      }
      admin.post('/identity/approve', (req) => decideIdentity(req, true))
      admin.post('/identity/reject', (req) => decideIdentity(req, false))

      // ---- Users ------------------------------------------------------------------------------
      admin.get('/users/search', async (req) => {
        const q = parse(userSearchSchema, req.query)
        let base = db.selectFrom('users as u').leftJoin('identity as i', 'i.user_id', 'u.id')
        const term = q.q?.trim()
        if (term) {
          base = base.where((eb) => {
            const ors = [
              eb('u.id', '=', term),
              eb('u.email', 'ilike', `%${term.replace(/[%_\\]/g, '\\$&')}%`),
            ]
            ors.push(eb('u.phone', 'like', `%${term.replace(/[^\d+]/g, '')}%`))
            if (/^\d{1,9}$/.test(term)) ors.push(eb('u.uid', '=', Number(term)))
            return eb.or(/^[\d+]+$/.test(term) ? ors : ors.slice(0, 2))
          })
        }
        if (q.status) base = base.where('u.status', '=', q.status)
        const { total, rows } = await pageOf(base, q, (b) =>
          b
            .select([
              'u.id',
              'u.uid',
              'u.email',
              'u.phone',
              'u.nickname',
              'u.role',
              'u.status',
              'u.created_at',
              'i.advanced_status',
            ])
            .orderBy('u.uid', 'desc'),
        )
        return ok({
          total,
          list: rows.map((r) => ({
            id: r.id,
            uid: r.uid,
            email: r.email,
            phone: r.phone,
            nickname: r.nickname,
            role: r.role,
            status: r.status,
            identity: r.advanced_status ?? null,
            createdAt: ms(r.created_at),
          })),
        })
      })

      admin.get('/users/detail', async (req) => {
        const { userId } = parse(userIdSchema, req.query)
        const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
        if (!u) throw new AppError('notFound')
        const identity = await db
          .selectFrom('identity')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst()
        const sessions = await db
          .selectFrom('user_session')
          .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', new Date())
          .orderBy('last_seen_at', 'desc')
          .limit(50)
          .execute()
        return ok({
          profile: {
            id: u.id,
            uid: u.uid,
            role: u.role,
            status: u.status,
            email: u.email,
            phone: u.phone,
            nickname: u.nickname,
            googleBound: u.totp_secret !== null,
            googleVerify: u.google_verify,
            hasTradePassword: u.trade_password_hash !== null,
            createdAt: ms(u.created_at),
          },
          identity: identity
            ? {
                nationality: identity.nationality,
                realName: identity.real_name,
                idNumber: identity.id_number,
                status: identity.advanced_status,
                rejectReason: identity.reject_reason,
                submittedAt: ms(identity.submitted_at),
                reviewedAt: ms(identity.reviewed_at),
                photos: {
                  front: photo(identity.front_upload_id),
                  back: photo(identity.back_upload_id),
                  hand: photo(identity.hand_upload_id),
                },
              }
            : null,
          balances: await readBalances(db, userId),
          sessions: sessions.map((s) => ({
            id: s.id,
            ip: s.ip,
            userAgent: s.user_agent,
            createdAt: ms(s.created_at),
            lastSeenAt: ms(s.last_seen_at),
          })),
        })
      })

      admin.get('/users/ledger', async (req) => {
        const q = parse(userLedgerSchema, req.query)
        const base = db
          .selectFrom('ledger_posting as p')
          .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
          .where('p.holder', '=', q.userId)
        const { total, rows } = await pageOf(base, q, (b) =>
          b
            .select([
              'p.id',
              'p.entry_id',
              'p.account',
              'p.asset',
              'p.bucket',
              'p.amount',
              'p.balance_after',
              'e.reason',
              'e.memo',
              'e.ref_type',
              'e.ref_id',
              'e.actor_id',
              'e.created_at',
            ])
            .orderBy('p.id', 'desc'),
        )
        return ok({
          total,
          list: rows.map((r) => ({
            id: Number(r.id),
            entryId: Number(r.entry_id),
            account: r.account,
            asset: r.asset,
            bucket: r.bucket,
            amount: normalize(r.amount),
            balanceAfter: normalize(r.balance_after),
            reason: r.reason,
            memo: r.memo,
            refType: r.ref_type,
            refId: r.ref_id,
            actorId: r.actor_id,
            at: ms(r.created_at),
          })),
        })
      })

      for (const [path, next] of [
        ['/users/freeze', 'frozen'],
        ['/users/unfreeze', 'active'],
      ] as const) {
        admin.post(path, async (req) => {
          const a = actor(req)
          const body = parse(userActionSchema, req.body)
          await db.transaction().execute(async (trx) => {
            const u = await targetUser(trx, body.userId, a)
            if (u.status === next) throw new AppError('userStatusUnchanged')
            await trx.updateTable('users').set({ status: next }).where('id', '=', u.id).execute()
            await writeAudit(trx, {
              actorId: a.actorId,
              action: next === 'frozen' ? 'user.freeze' : 'user.unfreeze',
              targetType: 'user',
              targetId: u.id,
              before: { status: u.status },
              after: { status: next },
              reason: body.reason,
              ip: a.ip,
            })
          })
          forgetSessions({ userId: body.userId })
          return ok(null)
        })
      }

      admin.post('/users/reset-google', async (req) => {
        const a = actor(req)
        const body = parse(userActionSchema, req.body)
        await db.transaction().execute(async (trx) => {
          const u = await targetUser(trx, body.userId, a)
          if (u.totp_secret === null && !u.google_verify) throw new AppError('userStatusUnchanged')
          await trx
            .updateTable('users')
            .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, google_verify: false })
            .where('id', '=', u.id)
            .execute()
          await writeAudit(trx, {
            actorId: a.actorId,
            action: 'user.reset_google',
            targetType: 'user',
            targetId: u.id,
            before: { googleBound: u.totp_secret !== null, googleVerify: u.google_verify },
            after: { googleBound: false, googleVerify: false },
            reason: body.reason,
            ip: a.ip,
          })
        })
        return ok(null)
      })

      // Admin only: a manual correction, always a ledger entry against the treasury, with a reason.
      // Never on one's own account (1705); above the four-eyes limit a second admin approves it.
      const adjust = fourEyes(deps, {
        kind: 'user.adjust_balance',
        caseType: 'user',
        caseId: (b: AdjustBody) => b.userId,
        adminOnly: true,
        // Checked before anything is proposed: an unknown asset or too many decimals is refused (1101).
        moves: async (d, b) => {
          await checkAssetAmount(d, b.asset, b.amount)
          const u = await d.selectFrom('users').select('id').where('id', '=', b.userId).executeTakeFirst()
          return u ? { asset: b.asset, amount: abs(normalize(b.amount)) } : null
        },
        run: async (ctx, body) => {
          await checkAssetAmount(db, body.asset, body.amount)
          const target = await db
            .selectFrom('users')
            .select('id')
            .where('id', '=', body.userId)
            .executeTakeFirst()
          if (!target) throw new AppError('notFound')
          const amount = normalize(body.amount)
          const user = { holder: target.id, account: body.account, asset: body.asset }
          const treasury = { holder: SYSTEM_HOLDER, account: 'treasury', asset: body.asset }
          const entryId = await db.transaction().execute(async (trx) => {
            const id = await postEntry(trx, {
              reason: 'adjustment',
              refType: 'admin_adjustment',
              refId: target.id,
              memo: body.reason,
              actorId: ctx.actorId,
              postings: isNegative(amount) ? move(user, treasury, neg(amount)) : move(treasury, user, amount),
            })
            await ctx.audit(trx, {
              action: 'user.adjust_balance',
              targetType: 'user',
              targetId: target.id,
              before: null,
              after: { account: body.account, asset: body.asset, amount, entryId: id },
              reason: body.reason,
            })
            return id
          })
          return { entryId }
        },
      })
      admin.post('/users/adjust', { preHandler: requireAdmin }, async (req) =>
        ok(await adjust(req, parse(adjustSchema, req.body))),
      )

      // ---- Four-eyes approvals ----------------------------------------------------------------
      await approvalRoutes(admin, db)

      // ---- Markets ----------------------------------------------------------------------------
      admin.get('/markets/list', async () => {
        const cols = await instrumentColumns(db)
        const fees = cols.has('maker_fee') && cols.has('taker_fee')
        const rows = await db.selectFrom('instrument').selectAll().orderBy('sort').execute()
        const setting = await db
          .selectFrom('setting')
          .select('value')
          .where('key', '=', MARKET_MAKERS_KEY)
          .executeTakeFirst()
        return ok({
          feesEditable: fees,
          marketMakers: setting?.value === true,
          list: rows.map((r) => {
            const extra = r as unknown as { maker_fee?: string; taker_fee?: string }
            return {
              symbol: r.symbol,
              category: r.category,
              name: r.name,
              status: r.status,
              minAmount: normalize(r.min_amount),
              minNotional: normalize(r.min_notional),
              makerFee: fees && extra.maker_fee != null ? normalize(extra.maker_fee) : null,
              takerFee: fees && extra.taker_fee != null ? normalize(extra.taker_fee) : null,
            }
          }),
        })
      })

      /** Keeps the market service's in-memory copy in step with the row (no restart needed). */
      function refreshCached(symbol: string, patch: Record<string, unknown>) {
        const row = deps.market?.instrument(symbol)
        if (row) Object.assign(row, patch)
      }

      admin.post('/markets/status', async (req) => {
        const a = actor(req)
        const body = parse(marketStatusSchema, req.body)
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('instrument')
            .select('status')
            .where('symbol', '=', body.symbol)
            .forUpdate()
            .executeTakeFirst()
          if (!row) throw new AppError('unknownSymbol')
          if (row.status === body.status) throw new AppError('userStatusUnchanged')
          await trx
            .updateTable('instrument')
            .set({ status: body.status })
            .where('symbol', '=', body.symbol)
            .execute()
          await writeAudit(trx, {
            actorId: a.actorId,
            action: body.status === 'suspended' ? 'market.suspend' : 'market.resume',
            targetType: 'instrument',
            targetId: body.symbol,
            before: { status: row.status },
            after: { status: body.status },
            reason: body.reason ?? '',
            ip: a.ip,
          })
        })
        refreshCached(body.symbol, { status: body.status })
        return ok(null)
      })

      admin.post('/markets/limits', async (req) => {
        const a = actor(req)
        const body = parse(marketLimitsSchema, req.body)
        const cols = await instrumentColumns(db)
        const fees = cols.has('maker_fee') && cols.has('taker_fee')
        if ((body.makerFee !== undefined || body.takerFee !== undefined) && !fees)
          throw new AppError('invalidField', { data: { field: 'makerFee', reason: 'not_supported' } })
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('instrument')
            .selectAll()
            .where('symbol', '=', body.symbol)
            .forUpdate()
            .executeTakeFirst()
          if (!row) throw new AppError('unknownSymbol')
          // Thresholds no finer than the instrument's amount step and its quote coin (issue 33).
          checkDecimals(body.minAmount, row.amount_precision, 'minAmount', row.base)
          await checkThresholds(trx, row.quote, { minNotional: body.minNotional }, 'symbol')
          const extra = row as unknown as { maker_fee?: string; taker_fee?: string }
          await trx
            .updateTable('instrument')
            .set({ min_amount: body.minAmount, min_notional: body.minNotional })
            .where('symbol', '=', body.symbol)
            .execute()
          if (fees && body.makerFee !== undefined)
            await sql`update instrument set maker_fee = ${body.makerFee} where symbol = ${body.symbol}`.execute(
              trx,
            )
          if (fees && body.takerFee !== undefined)
            await sql`update instrument set taker_fee = ${body.takerFee} where symbol = ${body.symbol}`.execute(
              trx,
            )
          await writeAudit(trx, {
            actorId: a.actorId,
            action: 'market.limits',
            targetType: 'instrument',
            targetId: body.symbol,
            before: {
              minAmount: normalize(row.min_amount),
              minNotional: normalize(row.min_notional),
              ...(fees ? { makerFee: extra.maker_fee ?? null, takerFee: extra.taker_fee ?? null } : {}),
            },
            after: {
              minAmount: normalize(body.minAmount),
              minNotional: normalize(body.minNotional),
              ...(fees
                ? {
                    makerFee: body.makerFee ?? extra.maker_fee ?? null,
                    takerFee: body.takerFee ?? extra.taker_fee ?? null,
                  }
                : {}),
            },
            ip: a.ip,
          })
        })
        refreshCached(body.symbol, {
          min_amount: body.minAmount,
          min_notional: body.minNotional,
          ...(body.makerFee !== undefined ? { maker_fee: body.makerFee } : {}),
          ...(body.takerFee !== undefined ? { taker_fee: body.takerFee } : {}),
        })
        return ok(null)
      })

      admin.post('/market-makers', async (req) => {
        const a = actor(req)
        const body = parse(marketMakersSchema, req.body)
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('setting')
            .select('value')
            .where('key', '=', MARKET_MAKERS_KEY)
            .forUpdate()
            .executeTakeFirst()
          const value = JSON.stringify(body.enabled)
          await trx
            .insertInto('setting')
            .values({ key: MARKET_MAKERS_KEY, value })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
            .execute()
          await writeAudit(trx, {
            actorId: a.actorId,
            action: 'market_makers.set',
            targetType: 'setting',
            targetId: MARKET_MAKERS_KEY,
            before: { enabled: row?.value === true },
            after: { enabled: body.enabled },
            ip: a.ip,
          })
        })
        return ok({ enabled: body.enabled })
      })

      // Deposits and withdrawals: the assets module's console routes (assets/admin-routes.ts).

      // ---- Audit log (read only; there is no endpoint that changes or removes a row) ---------
      admin.get('/audit/list', async (req) => {
        const q = parse(auditListSchema, req.query)
        let base = db.selectFrom('audit_log as l').leftJoin('users as u', 'u.id', 'l.actor_id')
        if (q.actor)
          base = base.where((eb) =>
            eb.or([
              eb('l.actor_id', '=', q.actor as string),
              eb('u.email', '=', (q.actor as string).toLowerCase()),
            ]),
          )
        if (q.action) base = base.where('l.action', 'like', `${q.action.replace(/[%_\\]/g, '\\$&')}%`)
        if (q.targetType) base = base.where('l.target_type', '=', q.targetType)
        if (q.targetId) base = base.where('l.target_id', '=', q.targetId)
        const { total, rows } = await pageOf(base, q, (b) =>
          b
            .select([
              'l.id',
              'l.actor_id',
              'u.email',
              'l.action',
              'l.target_type',
              'l.target_id',
              'l.before',
              'l.after',
              'l.reason',
              'l.ip',
              'l.created_at',
            ])
            .orderBy('l.id', 'desc'),
        )
        return ok({
          total,
          list: rows.map((r) => ({
            id: Number(r.id),
            actorId: r.actor_id,
            actorEmail: r.email,
            action: r.action,
            targetType: r.target_type,
            targetId: r.target_id,
            before: r.before,
            after: r.after,
            reason: r.reason,
            ip: r.ip,
            at: ms(r.created_at),
          })),
        })
      })
    },
    { prefix: '/admin' },
  )
}

/** Counts of the deposit and withdrawal queues, when the assets area's tables exist. */
async function queueCounts(
  db: Db,
): Promise<{ depositsPending: number | null; withdrawalsPending: number | null }> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_name in ('deposit', 'withdrawal')`.execute(db)
  const has = new Set(tables.rows.map((r) => r.table_name))
  const pending = async (t: string) =>
    has.has(t)
      ? Number(
          (
            await sql<{
              n: string
            }>`select count(*) as n from ${sql.table(t)} where status = 'pending'`.execute(db)
          ).rows[0]?.n ?? 0,
        )
      : null
  return { depositsPending: await pending('deposit'), withdrawalsPending: await pending('withdrawal') }
}
