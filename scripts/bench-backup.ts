/**
 * npm run bench:backup — backup and restore time of a database with BENCH_ENTRIES ledger entries
 * (default 1,000,000; each two postings, so 2 M postings), on file-backed PGlite (stopped: the
 * offline path) and on PostgreSQL when DATABASE_URL is set (pg_dump / pg_restore into a fresh
 * database). The entries are made in SQL (transfers back and forth between two accounts, the
 * balances set to their sums), and the restored copy is checked: same counts, a sound ledger.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { backup, restore, type Target } from '../server/db/backup'
import { type Db, migrate, openDb } from '../server/db/db'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'
import { freshDatabase } from '../tests/cluster/helpers'

const N = Number(process.env.BENCH_ENTRIES ?? 1_000_000)

async function fill(db: Db): Promise<void> {
  const { rows } = await sql<{
    max: number
  }>`select coalesce(max(id), 0)::int as max from ledger_entry`.execute(db)
  const base = Number(rows[0]?.max ?? 0)
  for (let from = base + 1; from <= base + N; from += 200_000) {
    const to = Math.min(base + N, from + 199_999)
    await sql`insert into ledger_entry (id, reason, memo, created_at)
      select g, 'transfer', 'bench', now() from generate_series(${from}::int, ${to}::int) g`.execute(db)
    await sql`insert into ledger_posting (entry_id, holder, account, asset, bucket, amount, balance_after, created_at)
      select g, 'bench', case when g % 2 = 0 then 'spot' else 'contract' end, 'USDT', 'available', -1, 0, now()
      from generate_series(${from}::int, ${to}::int) g
      union all
      select g, 'bench', case when g % 2 = 0 then 'contract' else 'spot' end, 'USDT', 'available', 1, 0, now()
      from generate_series(${from}::int, ${to}::int) g`.execute(db)
  }
  await sql`insert into balance (holder, account, asset, available, frozen)
    select holder, account, asset, sum(amount), 0 from ledger_posting where holder = 'bench'
    group by holder, account, asset`.execute(db)
  await sql`select setval(pg_get_serial_sequence('ledger_entry', 'id'), ${base + N}::int)`.execute(db)
}

async function measure(name: string, src: Target, dst: Target, file: string): Promise<void> {
  const db = await openDb(src)
  await migrate(db)
  const t0 = Date.now()
  await fill(db)
  const fillMs = Date.now() - t0
  await db.destroy()
  const b0 = Date.now()
  await backup(src, file)
  const backupMs = Date.now() - b0
  const r0 = Date.now()
  await restore(dst, file)
  const restoreMs = Date.now() - r0
  const back = await openDb(dst)
  const report = await checkLedger(back)
  await back.destroy()
  const mb = (fs.statSync(file).size / 1e6).toFixed(1)
  console.log(
    `${name.padEnd(14)} ${report.entries} entries, ${report.postings} postings: backup ${(backupMs / 1000).toFixed(1)} s` +
      ` (${mb} MB), restore ${(restoreMs / 1000).toFixed(1)} s, ledger ${ledgerIsSound(report) ? 'sound' : 'NOT SOUND'}` +
      ` (filled in ${(fillMs / 1000).toFixed(1)} s)`,
  )
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'))
try {
  if (process.env.BENCH_BACKEND !== 'postgres')
    await measure(
      'PGlite (file)',
      { databaseUrl: null, dataDir: path.join(tmp, 'src') },
      { databaseUrl: null, dataDir: path.join(tmp, 'dst') },
      path.join(tmp, 'pglite.tar.gz'),
    )
  const url = process.env.DATABASE_URL
  if (url && process.env.BENCH_BACKEND !== 'pglite') {
    const src = await freshDatabase(url)
    const dst = await freshDatabase(url)
    try {
      await measure(
        'PostgreSQL',
        { databaseUrl: src.url, dataDir: tmp },
        { databaseUrl: dst.url, dataDir: tmp },
        path.join(tmp, 'pg.dump'),
      )
    } finally {
      await src.drop()
      await dst.drop()
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true })
}
