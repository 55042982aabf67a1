import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../server/ledger/check'
import { freeze, move, postEntry, readBalances } from '../../server/ledger/ledger'
import { backends, type Harness, startHarness } from './harness'

describe.each(backends)('ledger on %s', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(backend)
  })
  afterAll(async () => {
    await h.close()
  })

  const user = (id: string, account = 'funding', asset = 'USDT') => ({ holder: id, account, asset })
  const clearing = (asset = 'USDT') => ({ holder: 'system', account: 'deposit_clearing', asset })

  it('credits through a balanced entry and records the running balance', async () => {
    await h.db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'recharge',
        refType: 'test',
        refId: 'a',
        postings: move(clearing(), user('L1'), '100.5'),
      }),
    )
    expect(await readBalances(h.db, 'L1')).toEqual([
      { account: 'funding', asset: 'USDT', available: '100.5', frozen: '0' },
    ])
    const posting = await h.db
      .selectFrom('ledger_posting')
      .selectAll()
      .where('holder', '=', 'L1')
      .executeTakeFirstOrThrow()
    expect(Number(posting.balance_after)).toBe(100.5)
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('refuses an overdraft and changes nothing', async () => {
    const before = await checkLedger(h.db)
    await expect(
      h.db
        .transaction()
        .execute((trx) =>
          postEntry(trx, { reason: 'transfer', postings: move(user('L1'), user('L1', 'spot'), '100.6') }),
        ),
    ).rejects.toMatchObject({ code: 1200 })
    const after = await checkLedger(h.db)
    expect(after.entries).toBe(before.entries)
    expect(await readBalances(h.db, 'L1', { account: 'funding' })).toEqual([
      { account: 'funding', asset: 'USDT', available: '100.5', frozen: '0' },
    ])
  })

  it('refuses an unbalanced entry outright', async () => {
    await expect(
      h.db.transaction().execute((trx) =>
        postEntry(trx, {
          reason: 'adjustment',
          postings: [{ ...user('L1'), bucket: 'available', amount: '1' }],
        }),
      ),
    ).rejects.toThrow(/unbalanced/)
  })

  it('200 parallel freezes of 1 on a balance of 100 freeze exactly 100, never more', async () => {
    await h.db
      .transaction()
      .execute((trx) =>
        postEntry(trx, { reason: 'recharge', postings: move(clearing(), user('L2', 'spot'), '100') }),
      )
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        h.db
          .transaction()
          .execute((trx) =>
            postEntry(trx, { reason: 'spot_freeze', postings: freeze(user('L2', 'spot'), '1') }),
          ),
      ),
    )
    for (const r of results)
      if (r.status === 'rejected' && (r.reason as { code?: number }).code !== 1200) throw r.reason
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100)
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(100)
    expect(await readBalances(h.db, 'L2')).toEqual([
      { account: 'spot', asset: 'USDT', available: '0', frozen: '100' },
    ])
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })
})
