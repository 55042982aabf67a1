import { daysLeft, maskId, miningLevel, nextTier, shareOf, type TierOrNone } from '@common/invite/rules'
import {
  type InviteSummary,
  invitePrefsSchema,
  type Leaderboard,
  leaderboardQuerySchema,
  type RebateRecord,
  rebatesQuerySchema,
  type VipStatus,
} from '@common/invite/schema'
import { normalize, sub } from '@common/money/decimal'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { Leaderboards } from './leaderboard'
import { earnedByAsset, rebatesPage } from './rebate-repo'
import { hidesFromBoard, inviteCodeOf, inviteesOf, secondLevelCount, setHideFromBoard } from './repo'
import { DAY_MS, inviteService } from './service'
import { vipHistory, vipStatusOf } from './vip-repo'

/** Invitation, rebates, VIP status and the leaderboard (issue 19), plus the console's routes. */
export async function inviteRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = inviteService(db)
  svc.attachMarket(market)
  await svc.init()
  const boards = new Leaderboards(svc)
  const auth = { preHandler: requireUser }

  app.get('/invite/summary', auth, async (req) => {
    const me = currentUser(req)
    const [code, direct, second, earned, rank] = await Promise.all([
      inviteCodeOf(db, me.id),
      inviteesOf(db, me.id),
      secondLevelCount(db, me.id),
      earnedByAsset(db, me.id),
      svc.rankOf(me.id),
    ])
    const out: InviteSummary = {
      code,
      rank: rank.rank,
      share: shareOf(rank.rank, svc.ranks),
      active: rank.active,
      volume30d: rank.volume,
      direct: direct.length,
      second,
      earned: earned.map((e) => ({ asset: e.asset, amount: normalize(e.amount) })),
      invitees: direct.slice(0, 50).map((u) => ({ id: maskId(u.id), joinedAt: u.created_at.getTime() })),
      ranks: svc.ranks,
    }
    return ok(out)
  })

  app.get('/invite/rebates', auth, async (req) => {
    const me = currentUser(req)
    const { rows, hasMore } = await rebatesPage(db, me.id, parse(rebatesQuerySchema, req.query))
    const list: RebateRecord[] = rows.map((r) => ({
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
    return ok({ list, hasMore })
  })

  app.get('/vip/status', auth, async (req) => {
    const me = currentUser(req)
    const now = svc.now()
    const [status, history, assets, staked, vols] = await Promise.all([
      vipStatusOf(db, me.id),
      vipHistory(db, me.id),
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

  app.get('/leaderboard', { preHandler: optionalUser }, async (req: FastifyRequest) => {
    const { kind } = parse(leaderboardQuerySchema, req.query)
    const me = req.user?.id ?? null
    const b = await boards.get(kind)
    const out: Leaderboard = {
      kind,
      rows: b.rows.map((r, i) => ({ place: i + 1, name: r.name, value: r.value, me: r.id === me })),
      hidden: me ? b.hidden.has(me) : false,
    }
    return ok(out)
  })

  app.get('/invite/prefs', auth, async (req) =>
    ok({ hideLeaderboard: await hidesFromBoard(db, currentUser(req).id) }),
  )

  app.post('/invite/prefs', auth, async (req) => {
    const me = currentUser(req)
    const { hideLeaderboard } = parse(invitePrefsSchema, req.body)
    await setHideFromBoard(db, me.id, hideLeaderboard)
    boards.clear()
    return ok({ hideLeaderboard })
  })
}
