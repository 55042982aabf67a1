import { maskName } from '@common/invite/rules'
import type { Leaderboard } from '@common/invite/schema'
import { cmp, normalize } from '@common/money/decimal'
import { hiddenFromBoard, nicknamesOf, topInviters } from './repo'
import { DAY_MS, type InviteService } from './service'

const BOARD_SIZE = 20
const BOARD_TTL_MS = 60_000

export interface Board {
  at: number
  rows: { id: string; name: string; value: string }[]
  hidden: Set<string>
}

/**
 * The public leaderboards, read by every visitor of the VIP centre: computed at most once a minute
 * per kind (and again when someone hides or shows themselves, `clear`), not per request.
 */
export class Leaderboards {
  private readonly boards = new Map<string, Board>()

  constructor(private readonly svc: InviteService) {}

  clear(): void {
    this.boards.clear()
  }

  async get(kind: Leaderboard['kind']): Promise<Board> {
    const cached = this.boards.get(kind)
    if (cached && Date.now() - cached.at < BOARD_TTL_MS) return cached
    const { db } = this.svc
    const hidden = await hiddenFromBoard(db)
    let ranked: { id: string; value: string }[]
    if (kind === 'inviters') ranked = await topInviters(db, BOARD_SIZE + hidden.size)
    else {
      const since = this.svc.now() - (kind === 'volume7d' ? 7 : 30) * DAY_MS
      const vols = await this.svc.volumes(null, since)
      ranked = [...vols].map(([id, value]) => ({ id, value })).sort((a, b) => cmp(b.value, a.value))
    }
    const names = await nicknamesOf(
      db,
      ranked.map((r) => r.id),
    )
    const rows = ranked
      .filter((r) => names.has(r.id) && !hidden.has(r.id))
      .slice(0, BOARD_SIZE)
      .map((r) => ({ id: r.id, name: maskName(names.get(r.id) ?? ''), value: normalize(r.value) }))
    const fresh = { at: Date.now(), rows, hidden }
    this.boards.set(kind, fresh)
    return fresh
  }
}
