import {
  daysLeft,
  maskId,
  maskName,
  miningLevel,
  nextTier,
  shareOf,
  type TierOrNone,
} from '@common/invite/rules'
import { cmp, normalize, sub } from '@common/money/decimal'
import {
  type InviteSummary,
  invitePrefsSchema,
  type Leaderboard,
  leaderboardQuerySchema,
  type RebateRecord,
  rebatesQuerySchema,
  type VipStatus,
} from '@common/invite/schema'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../index'
import { inviteAdminRoutes } from './admin-routes'
import { inviteService } from './service'

const DAY_MS = 86_400_000
const BOARD_SIZE = 20

/** Invitation, rebates, VIP status and the leaderboard (issue 19), plus the console's routes. */
export async function inviteRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = inviteService(db)
  svc.attachMarket(market)
  await svc.init()
  const auth = { preHandler: requireUser }

  app.get('/invite/summary', auth, async (req) => {
    const me = currentUser(req)
    const [user, direct, second, earned, rank] = await Promise.all([
      db.selectFrom('users').select('invite_code').where('id', '=', me.id).executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select(['id', 'created_at'])
        .where('referred_by', '=', me.id)
        .orderBy('created_at', 'desc')
        .execute(),
      db
        .selectFrom('users as u')
        .innerJoin('users as d', 'd.id', 'u.referred_by')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('d.referred_by', '=', me.id)
        .executeTakeFirst(),
      db
        .selectFrom('invite_rebate')
        .select(['asset', sql<string>`sum(amount)::text`.as('amount')])
        .where('inviter_id', '=', me.id)
        .groupBy('asset')
        .orderBy('asset')
        .execute(),
      svc.rankOf(me.id),
    ])
    const out: InviteSummary = {
      code: user.invite_code,
      rank: rank.rank,
      share: shareOf(rank.rank, svc.ranks),
      active: rank.active,
      volume30d: rank.volume,
      direct: direct.length,
      second: second?.n ?? 0,
      earned: earned.map((e) => ({ asset: e.asset, amount: normalize(e.amount) })),
      invitees: direct.slice(0, 50).map((u) => ({ id: maskId(u.id), joinedAt: u.created_at.getTime() })),
      ranks: svc.ranks,
    }
    return ok(out)
  })

  app.get('/invite/rebates', auth, async (req) => {
    const me = currentUser(req)
    const { page, size } = parse(rebatesQuerySchema, req.query)
    const rows = await db
      .selectFrom('invite_rebate')
      .selectAll()
      .where('inviter_id', '=', me.id)
      .orderBy('id', 'desc')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute()
    const list: RebateRecord[] = rows.slice(0, size).map((r) => ({
      id: r.id,
      day: r.day,
      source: r.source,
      symbol: r.symbol,
      role: r.role,
      invitee: maskId(r.invitee_id),
      asset: r.asset,
      fee: normalize(r.fee),
      share: normalize(r.share),
      amount: normalize(r.amount),
      paidAt: r.created_at.getTime(),
    }))
    return ok({ list, hasMore: rows.length > size })
  })

  app.get('/vip/status', auth, async (req) => {
    const me = currentUser(req)
    const now = svc.now()
    const [status, history, assets, staked, vols] = await Promise.all([
      db.selectFrom('vip_status').selectAll().where('user_id', '=', me.id).executeTakeFirst(),
      db
        .selectFrom('vip_snapshot')
        .select(['day', 'assets', 'tier'])
        .where('user_id', '=', me.id)
        .orderBy('day', 'desc')
        .limit(30)
        .execute(),
      svc.totalAssets(db, me.id),
      svc.stakedValue(me.id),
      svc.volumes([me.id], now - 30 * DAY_MS),
    ])
    const tier = (status?.tier ?? 'none') as TierOrNone
    const state = { tier, shortfallDays: status?.shortfall_days ?? 0, lastDay: status?.last_day ?? null }
    const next = nextTier(tier, assets, svc.tiers)
    const volume30d = vols.get(me.id) ?? '0'
    const out: VipStatus = {
      tier,
      assets,
      lastSnapshot: history[0] ? { day: history[0].day, assets: normalize(history[0].assets) } : null,
      shortfallDaysLeft: daysLeft(state),
      next: next ? { ...next, missing: normalize(sub(next.minAssets, assets)) } : null,
      feeFactor: svc.tiers.find((t) => t.tier === tier)?.feeFactor ?? '1',
      tiers: svc.tiers,
      history: history.map((h) => ({ day: h.day, assets: normalize(h.assets), tier: h.tier as TierOrNone })),
      mining: { ...miningLevel(staked, volume30d), staked, volume30d },
    }
    return ok(out)
  })

  // Public and read by every visitor of the VIP centre: computed at most once a minute per kind
  // (and again when someone hides or shows themselves), not per request.
  const boards = new Map<
    string,
    { at: number; rows: { id: string; name: string; value: string }[]; hidden: Set<string> }
  >()
  const BOARD_TTL_MS = 60_000
  const board = async (kind: Leaderboard['kind']) => {
    const cached = boards.get(kind)
    if (cached && Date.now() - cached.at < BOARD_TTL_MS) return cached
    const hidden = new Set(
      (
        await db.selectFrom('invite_pref').select('user_id').where('hide_leaderboard', '=', true).execute()
      ).map((r) => r.user_id),
    )
    let ranked: { id: string; value: string }[]
    if (kind === 'inviters') {
      const rows = await db
        .selectFrom('users')
        .select(['referred_by', sql<number>`count(*)::int`.as('n')])
        .where('referred_by', 'is not', null)
        .groupBy('referred_by')
        .orderBy('n', 'desc')
        .limit(BOARD_SIZE + hidden.size)
        .execute()
      ranked = rows.map((r) => ({ id: r.referred_by as string, value: String(r.n) }))
    } else {
      const since = svc.now() - (kind === 'volume7d' ? 7 : 30) * DAY_MS
      const vols = await svc.volumes(null, since)
      ranked = [...vols].map(([id, value]) => ({ id, value })).sort((a, b) => cmp(b.value, a.value))
    }
    const users = ranked.length
      ? await db
          .selectFrom('users')
          .select(['id', 'nickname'])
          .where(
            'id',
            'in',
            ranked.map((r) => r.id),
          )
          .execute()
      : []
    const names = new Map(users.map((u) => [u.id, u.nickname]))
    const rows = ranked
      .filter((r) => names.has(r.id) && !hidden.has(r.id))
      .slice(0, BOARD_SIZE)
      .map((r) => ({ id: r.id, name: maskName(names.get(r.id) ?? ''), value: normalize(r.value) }))
    const fresh = { at: Date.now(), rows, hidden }
    boards.set(kind, fresh)
    return fresh
  }

  app.get('/leaderboard', { preHandler: optionalUser }, async (req: FastifyRequest) => {
    const { kind } = parse(leaderboardQuerySchema, req.query)
    const me = req.user?.id ?? null
    const b = await board(kind)
    const out: Leaderboard = {
      kind,
      rows: b.rows.map((r, i) => ({ place: i + 1, name: r.name, value: r.value, me: r.id === me })),
      hidden: me ? b.hidden.has(me) : false,
    }
    return ok(out)
  })

  app.get('/invite/prefs', auth, async (req) => {
    const me = currentUser(req)
    const p = await db.selectFrom('invite_pref').selectAll().where('user_id', '=', me.id).executeTakeFirst()
    return ok({ hideLeaderboard: p?.hide_leaderboard ?? false })
  })

  app.post('/invite/prefs', auth, async (req) => {
    const me = currentUser(req)
    const { hideLeaderboard } = parse(invitePrefsSchema, req.body)
    await db
      .insertInto('invite_pref')
      .values({ user_id: me.id, hide_leaderboard: hideLeaderboard })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ hide_leaderboard: hideLeaderboard }))
      .execute()
    boards.clear()
    return ok({ hideLeaderboard })
  })

  await app.register(inviteAdminRoutes, { ...deps, prefix: '/admin/invite' })
}
