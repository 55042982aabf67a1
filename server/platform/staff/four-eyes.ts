import { abs, gt, isDecimalString, isZero, mul, normalize } from '@common/money/decimal'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/db'
import { readSetting } from '../../db/setting'
import { AppError } from '../../http/errors'
import type { MarketData } from '../../market/service'
import { actor } from './actor'
import { type AuditInput, writeAudit } from './audit'
import { assertNotParty, type CaseType, serial } from './duties'

/**
 * Four-eyes, the second half of the segregation of duties (duties.ts): a money-moving decision
 * worth more than the limit (setting `four_eyes.limit_usdt`, USDT-equivalent, default 10000) is
 * stored as a proposal (1706) instead of being carried out. A second staff member, not the proposer
 * and not a party, approves it (then it runs, once, in the decision's own transaction, with both in
 * the audit log) or rejects it. Valuation: USDT at par; another asset at the last price of its
 * <ASSET>USDT market; an asset without a price always takes two people.
 */

export const FOUR_EYES_LIMIT_KEY = 'four_eyes.limit_usdt'
export const DEFAULT_FOUR_EYES_LIMIT = '10000'

/** The four-eyes limit in USDT (setting row `four_eyes.limit_usdt`; default 10000). */
export async function fourEyesLimit(db: Db): Promise<string> {
  const v = await readSetting(db, FOUR_EYES_LIMIT_KEY)
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
