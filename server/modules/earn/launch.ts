import { allocate } from '@common/earn/allocation'
import { dueState } from '@common/earn/project'
import type { SubscriptionProject, SubscriptionProjectDetail } from '@common/earn/schema'
import { add, type DecimalString, gt, isZero, lt, neg } from '@common/money/decimal'
import { sql } from 'kysely'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { freeze, LedgerBatch, type Tx, unfreeze } from '../../ledger/ledger'
import { checkAssetAmount, findPrecision } from '../../ledger/precision'
import { type EarnCtx, n } from './context'
import * as repo from './launch-repo'
import {
  type CommitmentRow,
  commitmentToWire,
  finance,
  issuer,
  type ProjectRow,
  projectToWire,
} from './model'

const rank = (s: string) => ['preheat', 'open', 'closed', 'announced'].indexOf(s)

/**
 * Coin subscription (the launchpad): users commit a currency to a project while it is open
 * (frozen in the finance account); at its announcement time the supply is allocated, the coins
 * delivered, the price paid and the rest refunded, exactly once.
 */
export class Launch {
  constructor(private readonly earn: EarnCtx) {}

  async projects(chain: string[]): Promise<SubscriptionProject[]> {
    return (await repo.projects(this.earn.db)).map((p) => projectToWire(p, chain))
  }

  async project(id: string, userId: string | null, chain: string[]): Promise<SubscriptionProjectDetail> {
    const p = await repo.projectOf(this.earn.db, id)
    if (!p) throw new AppError('notFound')
    const mine = userId ? await repo.commitmentOf(this.earn.db, String(p.id), userId) : undefined
    return { ...projectToWire(p, chain), mine: mine ? commitmentToWire(mine) : null, now: this.earn.now() }
  }

  async mine(userId: string, chain: string[]) {
    const rows = await repo.commitmentsOf(this.earn.db, userId)
    return rows.map((r) => ({
      ...projectToWire(r as unknown as ProjectRow, chain),
      mine: commitmentToWire({
        amount: r.c_amount,
        coins: r.c_coins,
        paid: r.c_paid,
        refund: r.c_refund,
        settled: r.c_settled,
      } as CommitmentRow),
    }))
  }

  async commit(userId: string, projectId: string, amount: DecimalString): Promise<void> {
    const now = this.earn.now()
    await this.earn.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const p = await repo.lockProject(trx, projectId)
      const open =
        !p.paused &&
        p.state === 'open' &&
        now >= new Date(p.start_at).getTime() &&
        now < new Date(p.close_at).getTime()
      if (!open) throw new AppError('projectNotOpen')
      await checkAssetAmount(trx, p.currency, amount)
      const prev = await repo.commitmentOf(trx, String(p.id), userId, true)
      const total = add(prev ? n(prev.amount) : '0', amount)
      if (lt(total, n(p.min_amount))) throw new AppError('commitBelowMin')
      if (gt(total, n(p.max_amount))) throw new AppError('commitAboveMax')
      const key = finance(userId, p.currency)
      const batch = new LedgerBatch(trx)
      await batch.lock([key])
      batch.post({
        reason: 'subscription_commit',
        refType: 'sub_project',
        refId: String(p.id),
        actorId: userId,
        postings: freeze(key, amount),
      })
      await batch.flush()
      await repo.recordCommitment(trx, {
        projectId: String(p.id),
        userId,
        prevId: prev ? String(prev.id) : null,
        total,
        amount,
        at: new Date(now),
      })
    })
  }

  /** Moves every unpaused project to the state its times call for; announces the due ones. */
  async advance(now: number): Promise<{ moved: number; announced: number }> {
    let moved = 0
    let announced = 0
    for (const p of await repo.unannounced(this.earn.db)) {
      const times = {
        startAt: new Date(p.start_at).getTime(),
        closeAt: new Date(p.close_at).getTime(),
        announceAt: new Date(p.announce_at).getTime(),
      }
      const due = dueState(times, now)
      const target = due === 'announced' ? 'closed' : due
      if (target !== p.state && rank(target) > rank(p.state))
        if (await repo.moveState(this.earn.db, String(p.id), p.state, target, new Date(now))) moved++
      if (due === 'announced') {
        try {
          if (await this.announce(String(p.id), now)) announced++
        } catch (err) {
          this.earn.log?.warn({ err, project: p.id }, 'subscription: announcement failed')
        }
      }
    }
    return { moved, announced }
  }

  /**
   * The result: allocation, coins delivered, price paid, the rest refunded, all in one
   * transaction that also moves the project from closed to announced, so it happens exactly once
   * (a crash before the commit leaves nothing; the next run does it all). `failBeforeCommit` is a
   * test hook that simulates that crash.
   */
  async announce(
    id: string,
    now: number,
    opts: { failBeforeCommit?: boolean } = {},
  ): Promise<{ participants: number; allocated: string; raised: string } | null> {
    return this.earn.db.transaction().execute(async (trx) => {
      const p = await repo.lockClosedProject(trx, id)
      if (!p || now < new Date(p.announce_at).getTime()) return null
      const commits = await repo.unsettled(trx, String(p.id))
      const currencyDp = (await findPrecision(trx, p.currency)) ?? 6
      const coinDp = (await findPrecision(trx, p.coin)) ?? p.coin_precision
      const res = allocate(
        commits.map((c) => ({ id: String(c.id), amount: n(c.amount) })),
        { supply: n(p.supply), price: n(p.price), coinDp, currencyDp },
      )
      const batch = new LedgerBatch(trx)
      const keys = [issuer(p.currency), issuer(p.coin)]
      for (const c of commits) keys.push(finance(c.user_id, p.currency), finance(c.user_id, p.coin))
      await batch.lock(keys)
      const rows = commits.map((c, i) => {
        const a = res.list[i] as (typeof res.list)[number]
        deliver(batch, p, c.user_id, a)
        return { id: String(c.id), coins: a.coins, paid: a.paid, refund: a.refund }
      })
      await writeSettled(trx, batch, rows)
      await repo.updateProject(trx, String(p.id), {
        state: 'announced',
        allocated: res.totalCoins,
        raised: res.totalPaid,
        announced_at: new Date(now),
        updated_at: new Date(now),
      })
      if (opts.failBeforeCommit) throw new Error('simulated crash during the announcement')
      return { participants: commits.length, allocated: res.totalCoins, raised: res.totalPaid }
    })
  }
}

/** One participant's allocation: coins for the price paid (from frozen), and the refund unfrozen. */
function deliver(
  batch: LedgerBatch,
  p: ProjectRow,
  userId: string,
  a: { coins: string; paid: string; refund: string },
): void {
  const cur = finance(userId, p.currency)
  const ref = { refType: 'sub_project', refId: String(p.id) } as const
  if (!isZero(a.coins) || !isZero(a.paid))
    batch.post({
      ...ref,
      reason: 'subscription_delivery',
      postings: [
        { ...cur, bucket: 'frozen', amount: neg(a.paid) },
        { ...issuer(p.currency), bucket: 'available', amount: a.paid },
        { ...issuer(p.coin), bucket: 'available', amount: neg(a.coins) },
        { ...finance(userId, p.coin), bucket: 'available', amount: a.coins },
      ],
    })
  if (!isZero(a.refund))
    batch.post({ ...ref, reason: 'subscription_refund', postings: unfreeze(cur, a.refund) })
}

/** The ledger writes and the commitments' settlement in one statement (or the latter alone). */
async function writeSettled(
  trx: Tx,
  batch: LedgerBatch,
  rows: { id: string; coins: string; paid: string; refund: string }[],
): Promise<void> {
  const writes = batch.takeWrites()
  const update = repo.settleCommitments(rows)
  if (writes) await sql`with ${writes}, commits as (${update}) select 1`.execute(trx)
  else if (rows.length) await update.execute(trx)
}
