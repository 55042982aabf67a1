import { EXTENSION_DAYS, localDay, penaltyFor } from '@common/loan/rules'
import { normalize } from '@common/money/decimal'
import type { LoanDesk } from './desk'
import type { OrderRow } from './model'
import { claimReminder, dueWithin3Days, overdueIds, updateOrder } from './repo'

const DAY_MS = 86_400_000

/**
 * Overdue pass (idempotent: each change re-checks its condition on the locked row): a loan past
 * its due date is extended once by 7 days with the 0.025 penalty; past the extended date it is
 * unpaid and flagged to operators. Returns how many loans changed.
 */
export async function runOverdue(svc: LoanDesk, now: number): Promise<{ extended: number; unpaid: number }> {
  const out = { extended: 0, unpaid: 0 }
  for (let pass = 0; pass < 2; pass++) {
    const due = await overdueIds(svc.db, now)
    if (due.length === 0) break
    for (const { id } of due)
      await svc.db.transaction().execute(async (trx) => {
        // The penalty raises what is owed: the borrower's funding balance is locked first.
        const o = await svc.lockBorrowerAndOrder(trx, id)
        const dueAt = (o.extended_due_at ?? o.due_at)?.getTime() ?? Number.POSITIVE_INFINITY
        if (o.status !== 'repaying' || dueAt > now) return
        if (o.extended_due_at === null) {
          const ext = dueAt + EXTENSION_DAYS * DAY_MS
          await updateOrder(trx, o.id, {
            extended_due_at: new Date(ext),
            due_day: localDay(ext),
            penalty: penaltyFor(normalize(o.amount ?? '0'), await svc.precision(o.coin, trx)),
            updated_at: new Date(now),
          })
          out.extended++
        } else {
          await updateOrder(trx, o.id, { status: 'unpaid', flagged: true, updated_at: new Date(now) })
          out.unpaid++
        }
      })
  }
  return out
}

/**
 * Claims the reminders due at `now` (3 days and 1 day before the current due date), each once:
 * the claim is written before anything is sent, so a restart never sends one twice.
 */
export async function claimReminders(
  svc: LoanDesk,
  now: number,
): Promise<{ order: OrderRow; days: number }[]> {
  const out: { order: OrderRow; days: number }[] = []
  for (const o of await dueWithin3Days(svc.db, now)) {
    const dueAt = (o.extended_due_at ?? o.due_at)?.getTime() ?? 0
    const days = dueAt - now <= DAY_MS ? 1 : 3
    const keys = days === 1 ? [`${dueAt}:3`, `${dueAt}:1`] : [`${dueAt}:3`]
    const have = (o.reminded as string[]) ?? []
    if (have.includes(`${dueAt}:${days}`)) continue
    if (await claimReminder(svc.db, o.id, [...new Set([...have, ...keys])], `${dueAt}:${days}`))
      out.push({ order: o, days })
  }
  return out
}
