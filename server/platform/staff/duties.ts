import {
  adjustSchema,
  depositCreditSchema,
  depositRejectSchema,
  identityRejectSchema,
  userActionSchema,
  userIdSchema,
  withdrawalApproveSchema,
  withdrawalChainApproveSchema,
  withdrawalRejectSchema,
} from '@common/admin/schema'
import { apiKeyUserSchema } from '@common/apikey/schema'
import { decideSchema, merchantSchema, suggestSchema } from '@common/c2c/schema'
import { partnerGrantSchema } from '@common/invite/schema'
import { loanReviewSchema, loanVoucherReviewSchema } from '@common/loan/schema'
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
import { writeAudit } from './audit'
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
 * 2. Four-eyes (four-eyes.ts): a money-moving decision above a limit takes a second staff member.
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

/** A bigserial id as the console sends it (anything else matches no row). */
export const serial = (id: string) => /^\d{1,18}$/.test(id)
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
  // Chains: acknowledging an alert of the chain page.
  'chains/alerts/ack',
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
  'POST /api/admin/withdrawals/approve-chain': inBody(
    'withdrawal',
    withdrawalChainApproveSchema,
    'withdrawalId',
  ),
  'POST /api/admin/loan/review': inBody('loan', loanReviewSchema, 'id'),
  'POST /api/admin/loan/repayment/review': inBody('loan_repayment', loanVoucherReviewSchema, 'id'),
  'POST /api/admin/c2c/decide': inBody('c2c_order', decideSchema, 'id'),
  'POST /api/admin/c2c/suggest': inBody('c2c_order', suggestSchema, 'id'),
  'POST /api/admin/c2c/merchant': inBody('user_uid', merchantSchema, 'uid'),
  'POST /api/admin/invite/partner': inBody('user', partnerGrantSchema, 'userId'),
  'POST /api/admin/apikey/revoke': inBody('user', apiKeyUserSchema, 'userId'),
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
