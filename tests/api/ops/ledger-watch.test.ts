import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { move, postEntry } from '../../../server/ledger/ledger'
import { FULL_EVERY_MS, ledgerWatchStatus, runLedgerWatch } from '../../../server/ledger/watch'
import { startLedgerCheck } from '../../../server/modules/system/jobs'
import { registry } from '../../../server/platform/metrics/registry'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund } from '../spot/helpers'

describe.each(backends)('continuous ledger check on %s', (backend) => {
  let h: Harness
  let alice: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    alice = await registerEmail(h.app, h.db)
    await fund(h.db, alice.userId, 'USDT', '1000')
  })
  afterAll(async () => {
    await h.close()
  })

  const transfer = (amount: string) =>
    h.db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'transfer',
        postings: move(
          { holder: alice.userId, account: 'spot', asset: 'USDT' },
          { holder: alice.userId, account: 'contract', asset: 'USDT' },
          amount,
        ),
      }),
    )

  it('passes full, then incrementally over new entries; finds a broken balance and stays failing until repaired', async () => {
    const t = Date.now()
    const first = await runLedgerWatch(h.db, t)
    expect(first).toMatchObject({ ok: true, mode: 'full', problems: [] })
    expect(first.entries).toBeGreaterThan(0)

    await transfer('10')
    const second = await runLedgerWatch(h.db, t + 60_000)
    expect(second).toMatchObject({ ok: true, mode: 'incremental' })
    // The new entry is covered (and the young ones are covered again next time).
    expect(second.entries).toBeGreaterThanOrEqual(1)

    // A stored balance drifts from its postings, and a new entry touches it: the incremental pass sees it.
    await sql`update balance set available = available + 1
      where holder = ${alice.userId} and account = 'spot' and asset = 'USDT'`.execute(h.db)
    await transfer('5')
    const broken = await runLedgerWatch(h.db, t + 120_000)
    expect(broken.ok).toBe(false)
    expect(broken.problems.join()).toContain(`${alice.userId}/spot/USDT`)
    // The next pass checks everything again: still failing, whatever the watermark.
    const still = await runLedgerWatch(h.db, t + 180_000)
    expect(still).toMatchObject({ ok: false, mode: 'full' })

    await sql`update balance set available = available - 1
      where holder = ${alice.userId} and account = 'spot' and asset = 'USDT'`.execute(h.db)
    expect(await runLedgerWatch(h.db, t + 240_000)).toMatchObject({ ok: true, mode: 'full' })
    expect(await runLedgerWatch(h.db, t + 300_000)).toMatchObject({ ok: true, mode: 'incremental' })
    // A day after the last full pass, a full pass again.
    expect((await runLedgerWatch(h.db, t + 240_000 + FULL_EVERY_MS)).mode).toBe('full')
  })

  it('runs as the ledger-check scheduler: its result in the metrics and on the console overview', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const runner = startLedgerCheck({ db: h.db, market: {} as never, log: log as never })
    // The first pass starts at once; stop waits for it.
    await runner.stop()
    const text = await registry.metrics()
    expect(text).toContain('exchange_ledger_check_ok 1')
    expect(text).toMatch(/exchange_scheduler_runs_total\{job="ledger-check",result="ok"\} [1-9]/)
    expect((await ledgerWatchStatus(h.db))?.ok).toBe(true)
  })
})
