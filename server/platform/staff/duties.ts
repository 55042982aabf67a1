import {
  adjustSchema,
  depositCreditSchema,
  depositRejectSchema,
  identityRejectSchema,
  userActionSchema,
  userIdSchema,
  withdrawalApproveSchema,
  withdrawalRejectSchema,
} from '@common/admin/schema'
import { decideSchema, merchantSchema, suggestSchema } from '@common/c2c/schema'
import { partnerGrantSchema } from '@common/invite/schema'
import { loanReviewSchema, loanVoucherReviewSchema } from '@common/loan/schema'
import { abs, gt, isDecimalString, isZero, mul, normalize } from '@common/money/decimal'
import {
  closeConversationSchema,
  staffMessageSchema,
  staffReadSchema,
  takeSchema,
  ticketParamsSchema,
} from '@common/support/schema'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { currentUser, requireStaff } from '../../http/auth'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import type { MarketData } from '../../market/service'
import { actor } from './actor'
import { type AuditInput, writeAudit } from './audit'
import { assertStaffReady } from './staff'

/**
 * Segregation of duties for the operator console, in one place.
 *
 * 1. No staff member acts on a case where they are a party. `PARTIES` says, per case type, who the
 *    parties of one case are; `CONSOLE_ACTIONS` says, per console action, which case it targets
 *    and where its id is. One hook (`consoleGate`, registered over every /api route) runs before any
 *    console handler: staff session, account set up (1700/1701), then the party check (1705).
 *    A console action that targets no case is listed with `null`; the generated test in
 *    tests/api/admin/duties.test.ts fails for any console action missing from the table.
 * 2. Four-eyes: a money-moving decision worth more than the limit (setting `four_eyes.limit_usdt`,
 *    USDT-equivalent, default 10000) is stored as a proposal (1706) instead of being carried out.
 *    A second staff member, not the proposer and not a party, approves it (then it runs, once, in
 *    the decision's own transaction, with both in the audit log) or rejects it.
 *    Valuation: USDT at par; another asset at the last price of its <ASSET>USDT market; an asset
 *    without a price always takes two people.
 */

export type CaseType =
  | 'user'
  | 'user_uid'
  | 'identity'
  | 'deposit'
  | 'withdrawal'
  | 'loan'
  | 'loan_repayment'
  | 'c2c_order'
  | 'conversation'
  | 'ticket'

export const FOUR_EYES_LIMIT_KEY = 'four_eyes.limit_usdt'
export const DEFAULT_FOUR_EYES_LIMIT = '10000'

const serial = (id: string) => /^\d{1,18}$/.test(id)
const nonNull = (ids: (string | null | undefined)[]) => ids.filter((x): x is string => !!x)

/** A case with one party: the `user_id` of the row with this id (a serial id checked first). */
function owner(
  table: 'deposit' | 'withdrawal' | 'loan_order' | 'service_conversation' | 'work_ticket',
  serialId = false,
) {
  return async (db: Db, id: string): Promise<string[]> => {
    if (serialId && !serial(id)) return []
    const row = await db.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst()
    return nonNull([row?.user_id])
  }
}

/** Case type -> the user ids who are parties to the case with this id ([] when there is no such case). */
export const PARTIES: Record<CaseType, (db: Db, id: string) => Promise<string[]>> = {
  user: async (_db, id) => [id],
  identity: async (_db, id) => [id],
  user_uid: async (db, id) => {
    if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return []
    const rows = await db.selectFrom('users').select('id').where('uid', '=', Number(id)).execute()
    return rows.map((r) => r.id)
  },
  deposit: owner('deposit'),
  withdrawal: owner('withdrawal'),
  loan: owner('loan_order', true),
  loan_repayment: async (db, id) => {
    if (!serial(id)) return []
    const r = await db
      .selectFrom('loan_repayment as r')
      .innerJoin('loan_order as o', 'o.id', 'r.order_id')
      .select(['r.user_id', 'o.user_id as borrower'])
      .where('r.id', '=', id)
      .executeTakeFirst()
    return nonNull([r?.user_id, r?.borrower])
  },
  c2c_order: async (db, id) => {
    if (!serial(id)) return []
    const o = await db
      .selectFrom('c2c_order')
      .select(['buyer_id', 'seller_id'])
      .where('id', '=', id)
      .executeTakeFirst()
    return nonNull([o?.buyer_id, o?.seller_id])
  },
  conversation: owner('service_conversation', true),
  ticket: owner('work_ticket', true),
}

/** Refuses (1705) when the staff member is a party to the case. */
export async function assertNotParty(db: Db, staffId: string, type: CaseType, id: string): Promise<void> {
  const parties = await PARTIES[type](db, id)
  if (parties.includes(staffId)) throw new AppError('staffParty', { data: { caseType: type, caseId: id } })
}

/** Which case a console action targets, and how to read its id (with the route's own schema). */
export interface CaseRule {
  case: CaseType
  id: (req: FastifyRequest) => string
}

/** A rule whose case id is the field `key` of the body (read with the route's own schema). */
const inBody = <S extends v.GenericSchema>(
  type: CaseType,
  schema: S,
  key: keyof v.InferOutput<S>,
): CaseRule => ({
  case: type,
  id: (req) => String(parse(schema, req.body)[key]),
})
const ticketRule: CaseRule = { case: 'ticket', id: (req) => parse(ticketParamsSchema, req.params).id }

/** Console actions on the platform itself (markets, products, content, settings): no user is a party. */
const PLATFORM_ACTIONS = [
  'markets/status',
  'markets/limits',
  'market-makers',
  'deposit-channels/save',
  'contract/settings',
  'etf/create',
  'etf/status',
  'option/settings',
  'option/pool/fund',
  'earn/product/create',
  'earn/product/edit',
  'earn/product/pause',
  'earn/pool/fund',
  'earn/project/create',
  'earn/project/edit',
  'earn/project/pause',
  'loan/product/save',
  'loan/holidays',
  'invite/config',
  'content/banner/save',
  'content/banner/publish',
  'content/banner/unpublish',
  'content/preview',
  'content/save',
  'content/publish',
  'content/unpublish',
  'content/pin',
  // Four-eyes: the proposal's own case is checked by the route (approver not a party).
  'approvals/approve',
  'approvals/reject',
  'approvals/limit',
]

/**
 * Every console action (POST /api/admin/*): the case it targets, or null for actions on the
 * platform itself (markets, products, content, settings). The four-eyes approvals check their own
 * proposal's case (see `fourEyesRoutes`).
 */
export const CONSOLE_ACTIONS: Readonly<Record<string, CaseRule | null>> = {
  'POST /api/admin/identity/approve': inBody('identity', userIdSchema, 'userId'),
  'POST /api/admin/identity/reject': inBody('identity', identityRejectSchema, 'userId'),
  'POST /api/admin/users/freeze': inBody('user', userActionSchema, 'userId'),
  'POST /api/admin/users/unfreeze': inBody('user', userActionSchema, 'userId'),
  'POST /api/admin/users/reset-google': inBody('user', userActionSchema, 'userId'),
  'POST /api/admin/users/adjust': inBody('user', adjustSchema, 'userId'),
  'POST /api/admin/deposits/credit': inBody('deposit', depositCreditSchema, 'depositId'),
  'POST /api/admin/deposits/reject': inBody('deposit', depositRejectSchema, 'depositId'),
  'POST /api/admin/withdrawals/approve': inBody('withdrawal', withdrawalApproveSchema, 'withdrawalId'),
  'POST /api/admin/withdrawals/reject': inBody('withdrawal', withdrawalRejectSchema, 'withdrawalId'),
  'POST /api/admin/loan/review': inBody('loan', loanReviewSchema, 'id'),
  'POST /api/admin/loan/repayment/review': inBody('loan_repayment', loanVoucherReviewSchema, 'id'),
  'POST /api/admin/c2c/decide': inBody('c2c_order', decideSchema, 'id'),
  'POST /api/admin/c2c/suggest': inBody('c2c_order', suggestSchema, 'id'),
  'POST /api/admin/c2c/merchant': inBody('user_uid', merchantSchema, 'uid'),
  'POST /api/admin/invite/partner': inBody('user', partnerGrantSchema, 'userId'),
  'POST /api/admin/service/take': inBody('conversation', takeSchema, 'id'),
  'POST /api/admin/service/reply': inBody('conversation', staffMessageSchema, 'id'),
  'POST /api/admin/service/read': inBody('conversation', staffReadSchema, 'id'),
  'POST /api/admin/service/typing': inBody('conversation', takeSchema, 'id'),
  'POST /api/admin/service/close': inBody('conversation', closeConversationSchema, 'id'),
  'POST /api/admin/service/tickets/:id/reply': ticketRule,
  'POST /api/admin/service/tickets/:id/close': ticketRule,
  ...Object.fromEntries(PLATFORM_ACTIONS.map((path) => [`POST /api/admin/${path}`, null])),
}

/** Whether a role is staff (operator or admin). */
export const isStaffRole = (role: string | undefined) => role === 'operator' || role === 'admin'

/**
 * The console's one gate, a preHandler over every /api route (server/modules/index.ts): for
 * /api/admin/* a staff session (1003/1006), an account set up (1700/1701; /api/admin/me answers
 * before, it tells the console what is missing), and for an action on a case, not a party (1705).
 */
export function consoleGate(db: Db) {
  return async function gate(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const url = req.routeOptions.url
    if (!url?.startsWith('/api/admin/')) return
    await requireStaff(req, reply)
    const me = currentUser(req)
    if (url !== '/api/admin/me') await assertStaffReady(db, me.id)
    if (req.method !== 'POST') return
    const rule = CONSOLE_ACTIONS[`POST ${url}`]
    if (rule) await assertNotParty(db, me.id, rule.case, rule.id(req))
  }
}

/**
 * Staff access to a user's data outside the console routes (pictures): the same readiness gate as
 * the console. Answers 'ready' for staff set up, 'user' for everyone else (who are held to the
 * owner's rules), and for staff not set up the console's refusal (1700/1701) to throw when the
 * request is not theirs as an owner either.
 */
export async function staffGate(
  db: Db,
  user: { id: string; role: string } | null,
): Promise<{ staff: true } | { staff: false; refusal: AppError | null }> {
  if (!user || !isStaffRole(user.role)) return { staff: false, refusal: null }
  try {
    await assertStaffReady(db, user.id)
    return { staff: true }
  } catch (err) {
    if (err instanceof AppError) return { staff: false, refusal: err }
    throw err
  }
}

/**
 * Each staff access to an identity document (front, back, hand-held photo) is audited: who looked
 * at whose document, and when (the row's time). Other uploads are not identity documents.
 */
export async function auditIdentityDocument(
  db: Db,
  staff: { id: string; ip: string },
  uploadId: string,
): Promise<void> {
  const doc = await db
    .selectFrom('identity')
    .select(['user_id', 'front_upload_id', 'back_upload_id', 'hand_upload_id'])
    .where((eb) =>
      eb.or([
        eb('front_upload_id', '=', uploadId),
        eb('back_upload_id', '=', uploadId),
        eb('hand_upload_id', '=', uploadId),
      ]),
    )
    .executeTakeFirst()
  if (!doc) return
  const side = doc.front_upload_id === uploadId ? 'front' : doc.back_upload_id === uploadId ? 'back' : 'hand'
  await writeAudit(db, {
    actorId: staff.id,
    action: 'identity.view_document',
    targetType: 'user',
    targetId: doc.user_id,
    after: { upload: uploadId, side },
    ip: staff.ip,
  })
}

// ---- Four-eyes --------------------------------------------------------------------------------

/** The four-eyes limit in USDT (setting row `four_eyes.limit_usdt`; default 10000). */
export async function fourEyesLimit(db: Db): Promise<string> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', FOUR_EYES_LIMIT_KEY)
    .executeTakeFirst()
  const v = row?.value
  const s = typeof v === 'number' ? String(v) : v
  return isDecimalString(s) && !s.startsWith('-') ? normalize(s) : DEFAULT_FOUR_EYES_LIMIT
}

/** USDT value of an amount: USDT at par, other assets at their <ASSET>USDT last price; null without a price. */
export function usdtValue(market: MarketData | undefined, asset: string, amount: string): string | null {
  const a = abs(amount)
  if (asset === 'USDT') return normalize(a)
  const last = market?.ticker(`${asset}USDT`)?.last
  if (!last || !isDecimalString(last) || isZero(last)) return null
  return normalize(mul(a, last))
}

/** The context a four-eyes decision runs with: who acts, and the audit row it must write in its transaction. */
export interface ActCtx {
  actorId: string
  role: string
  ip: string
  /**
   * Writes the decision's audit row; call exactly once, inside the decision's transaction. Under an
   * approval it also claims the proposal (pending -> approved, once) and records the approver.
   */
  audit(trx: Db, a: Omit<AuditInput, 'actorId' | 'ip'>): Promise<void>
}

export interface FourEyesKind<B> {
  /** Stable name, e.g. 'deposit.credit'. */
  kind: string
  caseType: CaseType
  caseId: (b: B) => string
  /** Only admins propose and approve (manual balance adjustments). */
  adminOnly?: boolean
  /**
   * What the decision would move, or null when it moves nothing or the case cannot be decided
   * (then it runs, and refuses with its own code).
   */
  moves: (db: Db, b: B) => Promise<{ asset: string; amount: string } | null>
  /** Carries out the decision (its own transaction, audited through ctx.audit); the route's answer. */
  run: (ctx: ActCtx, b: B) => Promise<unknown>
}

// biome-ignore lint/suspicious/noExplicitAny: one registry for kinds of different bodies
type AnyKind = FourEyesKind<any>
/** Per app (its database): kind name -> definition, filled as the routes register. */
const registries = new WeakMap<Db, { market: MarketData | undefined; kinds: Map<string, AnyKind> }>()

function registry(db: Db) {
  let r = registries.get(db)
  if (!r) {
    r = { market: undefined, kinds: new Map() }
    registries.set(db, r)
  }
  return r
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x)

function isUniqueViolation(err: unknown): boolean {
  return isRecord(err) && err.code === '23505'
}

/**
 * Declares a money-moving decision. Returns the route's handler body: party check, then below the
 * limit the decision runs as before; above it a proposal is stored and the answer is 1706 with it.
 */
export function fourEyes<B>(deps: { db: Db; market?: MarketData }, def: FourEyesKind<B>) {
  const { db } = deps
  const reg = registry(db)
  if (deps.market) reg.market = deps.market
  reg.kinds.set(def.kind, def)
  return async (req: FastifyRequest, b: B): Promise<unknown> => {
    const a = actor(req)
    const caseId = def.caseId(b)
    await assertNotParty(db, a.actorId, def.caseType, caseId)
    if (def.adminOnly && a.role !== 'admin') throw new AppError('forbidden')
    const m = await def.moves(db, b)
    if (m) {
      const limit = await fourEyesLimit(db)
      const value = usdtValue(reg.market, m.asset, m.amount)
      if (value === null || gt(value, limit)) {
        const proposal = await propose(db, { def, caseId, body: b, move: m, value, limit, a })
        throw new AppError('fourEyesProposed', { data: { proposal } })
      }
    }
    return def.run({ ...a, audit: (trx, x) => writeAudit(trx, { ...x, actorId: a.actorId, ip: a.ip }) }, b)
  }
}

async function propose<B>(
  db: Db,
  p: {
    def: FourEyesKind<B>
    caseId: string
    body: B
    move: { asset: string; amount: string }
    value: string | null
    limit: string
    a: { actorId: string; ip: string }
  },
) {
  // What the proposal is: its audit row's `after` and, with its id, the answer (1706's data).
  const summary = {
    kind: p.def.kind,
    caseType: p.def.caseType,
    caseId: p.caseId,
    asset: p.move.asset,
    amount: normalize(p.move.amount),
    valueUsdt: p.value,
    limit: p.limit,
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('four_eyes_proposal')
        .values({
          kind: summary.kind,
          case_type: summary.caseType,
          case_id: summary.caseId,
          payload: JSON.stringify(p.body),
          asset: summary.asset,
          amount: summary.amount,
          value_usdt: p.value,
          limit_usdt: p.limit,
          proposer_id: p.a.actorId,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        actorId: p.a.actorId,
        action: 'four_eyes.propose',
        targetType: 'four_eyes',
        targetId: String(row.id),
        after: summary,
        reason: (p.body as { reason?: string }).reason ?? '',
        ip: p.a.ip,
      })
      return { id: String(row.id), ...summary }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('fourEyesPending')
    throw err
  }
}

async function lockPending(trx: Db, id: string) {
  if (!serial(id)) throw new AppError('notFound')
  const p = await trx
    .selectFrom('four_eyes_proposal')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!p) throw new AppError('notFound')
  if (p.status !== 'pending') throw new AppError('reviewDecided')
  return p
}

/** Marks a locked pending proposal decided, by whom (and why), with its audit row. */
async function settle(
  trx: Db,
  p: Awaited<ReturnType<typeof lockPending>>,
  status: 'approved' | 'rejected',
  a: { actorId: string; ip: string },
  reason?: string,
): Promise<void> {
  await trx
    .updateTable('four_eyes_proposal')
    .set({
      status,
      decided_by: a.actorId,
      decided_at: new Date(),
      ...(reason === undefined ? {} : { reason }),
    })
    .where('id', '=', p.id)
    .execute()
  await writeAudit(trx, {
    actorId: a.actorId,
    action: status === 'approved' ? 'four_eyes.approve' : 'four_eyes.reject',
    targetType: 'four_eyes',
    targetId: String(p.id),
    before: { status: 'pending', proposedBy: p.proposer_id },
    after: { status, kind: p.kind, caseType: p.case_type, caseId: p.case_id },
    reason,
    ip: a.ip,
  })
}

/**
 * The second staff member approves: not the proposer (1707), not a party (1705), an admin for
 * admin-only kinds (1006). The decision runs once with the stored payload; its audit row (by the
 * approver, naming the proposal) and the approval's own row are written in its transaction.
 */
export async function approveProposal(db: Db, req: FastifyRequest, id: string): Promise<unknown> {
  const a = actor(req)
  const p = await lockPending(db, id)
  if (p.proposer_id === a.actorId) throw new AppError('fourEyesSameStaff')
  const def = registry(db).kinds.get(p.kind)
  if (!def) throw new AppError('notFound')
  if (def.adminOnly && a.role !== 'admin') throw new AppError('forbidden')
  await assertNotParty(db, a.actorId, p.case_type as CaseType, p.case_id)
  let claimed = false
  const result = await def.run(
    {
      ...a,
      audit: async (trx, x) => {
        const row = await lockPending(trx, id)
        const after = isRecord(x.after) ? x.after : { value: x.after ?? null }
        await writeAudit(trx, {
          ...x,
          actorId: a.actorId,
          ip: a.ip,
          after: { ...after, fourEyes: { proposalId: String(row.id), proposedBy: row.proposer_id } },
        })
        await settle(trx, row, 'approved', a)
        claimed = true
      },
    },
    p.payload,
  )
  // Every kind writes its audit row through ctx.audit; one that did not would have moved money
  // without claiming the proposal.
  if (!claimed) throw new Error(`four-eyes kind ${p.kind} ran without claiming its proposal`)
  return result
}

/** Rejects a pending proposal (any ready staff member who is not a party; the proposer withdraws it). */
export async function rejectProposal(db: Db, req: FastifyRequest, id: string, reason: string): Promise<void> {
  const a = actor(req)
  await db.transaction().execute(async (trx) => {
    const p = await lockPending(trx, id)
    await assertNotParty(trx, a.actorId, p.case_type as CaseType, p.case_id)
    await settle(trx, p, 'rejected', a, reason)
  })
}

/** Whether the kind is admin-only (for the console's list). */
export function kindIsAdminOnly(db: Db, kind: string): boolean {
  return registry(db).kinds.get(kind)?.adminOnly === true
}
