import { sql } from 'kysely'
import type { Db } from '../db/db'
import { checkLedger, checkLedgerSince, type LedgerReport, ledgerIsSound } from './check'

/** The continuous ledger check's last result, kept in `setting` so every process (a console on a gateway) reads it. */
export interface LedgerWatchStatus {
  ok: boolean
  mode: 'full' | 'incremental'
  /** When the last pass ended (ms). */
  at: number
  durationMs: number
  /** Entries the last pass covered. */
  entries: number
  /** Broken assets and balances the last pass found (first few). */
  problems: string[]
  /** Entries up to this id are checked (the next incremental pass starts after it). */
  watermark: number
  lastFullAt: number | null
}

const KEY = 'ledger_check'
export const FULL_EVERY_MS = 24 * 3_600_000
/** Entries younger than this are checked again next pass (a transaction still open may hold a lower id). */
const SETTLE_MS = 60_000

export async function ledgerWatchStatus(db: Db): Promise<LedgerWatchStatus | null> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', KEY).executeTakeFirst()
  return (row?.value as LedgerWatchStatus | undefined) ?? null
}

function problemsOf(r: LedgerReport): string[] {
  return [
    ...r.unbalancedAssets.map((u) => `unbalanced ${u.asset}: ${u.total}`),
    ...r.mismatchedBalances.map(
      (m) =>
        `${m.holder}/${m.account}/${m.asset}: stored ${m.available}+${m.frozen}, postings ${m.postedAvailable}+${m.postedFrozen}`,
    ),
  ].slice(0, 20)
}

/**
 * One pass of the continuous check: the whole ledger when the last full pass is a day old (or
 * never ran, or the last pass failed), else the entries since the watermark. Runs in one repeatable-read transaction (a
 * consistent snapshot while orders commit), stores its result, and returns it; never throws on a
 * broken ledger (that is a result: the alert), only when the database fails.
 */
export async function runLedgerWatch(db: Db, now = Date.now()): Promise<LedgerWatchStatus> {
  const prev = await ledgerWatchStatus(db)
  // A failure is checked whole again until it is gone (an incremental pass would step past it).
  const full = !prev?.ok || prev.lastFullAt === null || now - prev.lastFullAt >= FULL_EVERY_MS
  const t0 = Date.now()
  const status = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const after = full ? 0 : (prev?.watermark ?? 0)
      const report = full ? await checkLedger(trx) : await checkLedgerSince(trx, after)
      const { rows } = await sql<{ id: number | null }>`
        select max(id) as id from ledger_entry
        where id > ${after} and created_at < ${new Date(now - SETTLE_MS)}`.execute(trx)
      return {
        ok: ledgerIsSound(report),
        mode: full ? 'full' : 'incremental',
        at: Date.now(),
        durationMs: Date.now() - t0,
        entries: report.entries,
        problems: problemsOf(report),
        watermark: Math.max(after, Number(rows[0]?.id ?? after)),
        lastFullAt: full ? now : (prev?.lastFullAt ?? null),
      } satisfies LedgerWatchStatus
    })
  await db
    .insertInto('setting')
    .values({ key: KEY, value: JSON.stringify(status), updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(status), updated_at: new Date() }),
    )
    .execute()
  return status
}
