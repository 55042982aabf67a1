import { JobRunner } from '../../jobs/runner'
import { runLedgerWatch } from '../../ledger/watch'
import type { RunContext, Stoppable } from '../../platform/manifest'
import { recordLedgerCheck } from '../../platform/metrics/registry'

/** Every 5 minutes; the pass itself decides incremental or full (daily). */
export const LEDGER_CHECK_MS = 5 * 60_000

/**
 * The continuous ledger check (scheduler `ledger-check`: one runner, in a cluster the core holding
 * `leader:ledger-check`). Its result goes to the metrics (`exchange_ledger_check_ok`), the
 * console's overview and the log; a broken ledger is an alert, never a crash.
 */
export function startLedgerCheck(ctx: RunContext): Stoppable {
  const runner = new JobRunner('ledger-check', ctx.db, ctx.log)
  runner.start([
    {
      ms: LEDGER_CHECK_MS,
      now: true,
      run: async () => {
        const s = await runLedgerWatch(ctx.db)
        recordLedgerCheck(s.ok, s.mode, s.durationMs / 1000)
        if (s.ok) ctx.log.info({ mode: s.mode, entries: s.entries, ms: s.durationMs }, 'ledger check passed')
        else
          ctx.log.error(
            { mode: s.mode, problems: s.problems },
            'LEDGER CHECK FAILED: the ledger is not sound',
          )
      },
    },
  ])
  return runner
}
