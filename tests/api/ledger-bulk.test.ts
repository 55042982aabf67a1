import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postEntrySet } from '../../server/ledger/bulk'
import { checkLedger, ledgerIsSound } from '../../server/ledger/check'
import { move, postEntry, readBalances } from '../../server/ledger/ledger'
import { backends, type Harness, startHarness } from './harness'

type Row = { ord: number; reason: string; memo?: string }
type P = { ord: number; seq: number; holder: string; account: string; bucket: string; amount: string }

/** An entry set from literal rows (a caller would select them from its own tables). */
const set = (
  entries: Row[],
  postings: P[],
  nonNegative?: { holder: string; account: string; asset: string }[],
) => ({
  entries: sql`select ord, reason, 'test' as ref_type, ord::text as ref_id, memo, null as actor_id
    from json_to_recordset(${JSON.stringify(entries)}::json) as v(ord bigint, reason text, memo text)`,
  postings: sql`select ord, seq, holder, account, 'USDT' as asset, bucket, amount
    from json_to_recordset(${JSON.stringify(postings)}::json)
      as v(ord bigint, seq int, holder text, account text, bucket text, amount numeric)`,
  nonNegative,
})

describe.each(backends)('ledger entry sets on %s', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(backend)
    await h.db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'recharge',
        postings: move(
          { holder: 'system', account: 'deposit_clearing', asset: 'USDT' },
          { holder: 'B1', account: 'funding', asset: 'USDT' },
          '100',
        ),
      }),
    )
  })
  afterAll(async () => {
    await h.close()
  })

  const entryCount = async () => (await checkLedger(h.db)).entries

  it('posts many entries in order: running balances as if posted one by one, one change per balance', async () => {
    const postings: P[] = []
    const entries: Row[] = []
    // 50 entries: B1 funding -> B1 spot 1 each, and a zero posting that is dropped.
    for (let i = 1; i <= 50; i++) {
      entries.push({ ord: i, reason: 'transfer' })
      postings.push({ ord: i, seq: 0, holder: 'B1', account: 'funding', bucket: 'available', amount: '-1' })
      postings.push({ ord: i, seq: 1, holder: 'B1', account: 'spot', bucket: 'available', amount: '1' })
      postings.push({ ord: i, seq: 2, holder: 'B2', account: 'spot', bucket: 'available', amount: '0' })
    }
    const r = await h.db.transaction().execute((trx) => postEntrySet(trx, set(entries, postings)))
    expect(r).toEqual({ entries: 50, postings: 100, balances: 2 })
    expect(await readBalances(h.db, 'B1')).toEqual([
      { account: 'funding', asset: 'USDT', available: '50', frozen: '0' },
      { account: 'spot', asset: 'USDT', available: '50', frozen: '0' },
    ])
    const { rows } = await sql<{ after: string; ref_id: string }>`
      select p.balance_after::text as after, e.ref_id from ledger_posting p join ledger_entry e on e.id = p.entry_id
      where p.holder = 'B1' and p.account = 'spot' order by p.id`.execute(h.db)
    // Entry ids follow `ord`; each posting records its bucket's running balance.
    expect(rows.map((x) => Number(x.after))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(rows.map((x) => Number(x.ref_id))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('refuses an overdraft of a user (at any entry) and changes nothing', async () => {
    const before = await entryCount()
    // The first entry overdraws B1's spot balance (50); the second would make it whole again.
    const entries = [
      { ord: 1, reason: 'transfer' },
      { ord: 2, reason: 'transfer' },
    ]
    const postings = [
      { ord: 1, seq: 0, holder: 'B1', account: 'spot', bucket: 'available', amount: '-60' },
      { ord: 1, seq: 1, holder: 'B1', account: 'funding', bucket: 'available', amount: '60' },
      { ord: 2, seq: 0, holder: 'B1', account: 'funding', bucket: 'available', amount: '-20' },
      { ord: 2, seq: 1, holder: 'B1', account: 'spot', bucket: 'available', amount: '20' },
    ]
    await expect(
      h.db.transaction().execute((trx) => postEntrySet(trx, set(entries, postings))),
    ).rejects.toMatchObject({ code: 1200 })
    expect(await entryCount()).toBe(before)
    expect((await readBalances(h.db, 'B1', { account: 'spot' }))[0]?.available).toBe('50')
  })

  it('refuses a platform balance listed as non-negative going below zero', async () => {
    const pool = { holder: 'system', account: 'test_pool', asset: 'USDT' }
    const before = await entryCount()
    await expect(
      h.db.transaction().execute((trx) =>
        postEntrySet(
          trx,
          set(
            [{ ord: 1, reason: 'option_settlement' }],
            [
              { ord: 1, seq: 0, holder: 'system', account: 'test_pool', bucket: 'available', amount: '-5' },
              { ord: 1, seq: 1, holder: 'B3', account: 'option', bucket: 'available', amount: '5' },
            ],
            [pool],
          ),
        ),
      ),
    ).rejects.toMatchObject({ code: 1200 })
    expect(await entryCount()).toBe(before)
  })

  it('refuses unbalanced entries, unknown reasons, buckets, empty entries and orphan postings outright', async () => {
    const before = await entryCount()
    const ok = (ord: number): P[] => [
      { ord, seq: 0, holder: 'B1', account: 'funding', bucket: 'available', amount: '-1' },
      { ord, seq: 1, holder: 'B1', account: 'spot', bucket: 'available', amount: '1' },
    ]
    const cases: [Row[], P[], RegExp][] = [
      [[{ ord: 1, reason: 'transfer' }], [{ ...(ok(1)[0] as P) }], /unbalanced/],
      [[{ ord: 1, reason: 'nonsense' }], ok(1), /unknown ledger reason/],
      [[{ ord: 1, reason: 'transfer' }], ok(1).map((p) => ({ ...p, bucket: 'pocket' })), /unknown bucket/],
      [
        [
          { ord: 1, reason: 'transfer' },
          { ord: 2, reason: 'transfer' },
        ],
        ok(1),
        /empty/,
      ],
      [[{ ord: 1, reason: 'transfer' }], [...ok(1), ...ok(2)], /without their entry/],
      [
        [
          { ord: 1, reason: 'transfer' },
          { ord: 1, reason: 'transfer' },
        ],
        ok(1),
        /duplicate/,
      ],
    ]
    for (const [entries, postings, error] of cases)
      await expect(
        h.db.transaction().execute((trx) => postEntrySet(trx, set(entries, postings))),
      ).rejects.toThrow(error)
    expect(await entryCount()).toBe(before)
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('an empty set writes nothing', async () => {
    const before = await entryCount()
    expect(await h.db.transaction().execute((trx) => postEntrySet(trx, set([], [])))).toEqual({
      entries: 0,
      postings: 0,
      balances: 0,
    })
    expect(await entryCount()).toBe(before)
  })
})
