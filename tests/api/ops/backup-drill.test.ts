import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { backup, restore, serveOnlineBackup } from '../../../server/db/backup'
import { type Db, migrate, openDb, pgliteOf } from '../../../server/db/db'
import { holdExclusive } from '../../../server/db/exclusive'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { freshDatabase } from '../../cluster/helpers'
import { registerEmail } from '../accounts/helpers'
import { BTC, contractApi, fundContract } from '../contract/helpers'
import { backends } from '../harness'
import { fund, spotApi } from '../spot/helpers'

const config = {
  ...loadConfig({}),
  logLevel: 'silent',
  staticDir: '/nonexistent',
  rateLimitPerMinute: 100_000,
}

/** What a restore must give back: every balance, order, fill, position and ledger entry. */
async function state(db: Db) {
  const q = async (text: string) => (await sql.raw(text).execute(db)).rows
  return {
    balances: await q(
      `select holder, account, asset, available::text, frozen::text from balance order by holder, account, asset`,
    ),
    spotOrders: await q(`select id, status, filled::text from spot_order order by id`),
    contractPositions: await q(
      `select holder, symbol, side, lots, margin::text from contract_position order by holder, symbol`,
    ),
    entries: await q(`select count(*)::int as n, max(id) as max from ledger_entry`),
  }
}

describe.each(backends)('backup and restore drill on %s', (backend) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-drill-'))
  const drops: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const d of drops) await d()
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  it('trades, backs up, trades more, restores into a fresh place, starts on it: the snapshot, a sound ledger', async () => {
    // The source: a running exchange (its database, its app, and for PGlite the process lock and socket).
    const src = backend === 'pglite' ? null : await freshDatabase(process.env.DATABASE_URL as string)
    if (src) drops.push(src.drop)
    const srcTarget = { databaseUrl: src?.url ?? null, dataDir: path.join(tmp, 'src') }
    const running = src ? null : await holdExclusive(srcTarget)
    const db = await openDb(srcTarget)
    await migrate(db)
    const pglite = pgliteOf(db)
    const ops = pglite ? await serveOnlineBackup(srcTarget.dataDir, pglite) : null
    const app = await buildApp({ config, db })
    await app.ready()
    const h = { app, db, close: async () => undefined }
    const spot = spotApi(h)
    const c = contractApi(h)
    const alice = await registerEmail(app, db)
    const bob = await registerEmail(app, db)
    await fund(db, alice.userId, 'USDT', '100000')
    await fund(db, bob.userId, 'BTC', '10')
    await fundContract(db, alice.userId, '10000')
    await fundContract(db, bob.userId, '10000')
    const order = (token: string, side: string, price: string) =>
      spot.place(token, { symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.1' })
    expect((await order(bob.token, 'sell', '60000')).code).toBe(200)
    expect((await order(alice.token, 'buy', '60000')).code).toBe(200)
    expect((await order(alice.token, 'buy', '59000')).code).toBe(200)
    expect((await c.index(BTC, '65000')).code).toBe(200)
    const short = { symbol: BTC, type: 'limit', lots: 2, leverage: 10, price: '65000' }
    expect((await c.place(bob.token, { ...short, side: 'short' })).code).toBe(200)
    expect((await c.place(alice.token, { ...short, side: 'long' })).code).toBe(200)

    const snapshot = await state(db)
    expect(snapshot.contractPositions.length).toBe(2)
    const file = path.join(tmp, backend === 'pglite' ? 'exchange.tar.gz' : 'exchange.dump')
    // While it runs: PGlite through the server's socket, PostgreSQL by pg_dump.
    expect(await backup(srcTarget, file)).toBe(backend === 'pglite' ? 'online' : 'pg_dump')

    // Trading goes on after the backup; the restore must not have it.
    expect((await order(bob.token, 'sell', '59000')).code).toBe(200)
    expect(await state(db)).not.toEqual(snapshot)
    await app.close()
    await ops?.close()
    await db.destroy()
    await running?.release()

    // A fresh place, and a non-empty one refused.
    const dst = backend === 'pglite' ? null : await freshDatabase(process.env.DATABASE_URL as string)
    if (dst) drops.push(dst.drop)
    const dstTarget = { databaseUrl: dst?.url ?? null, dataDir: path.join(tmp, 'dst') }
    await expect(restore(srcTarget, file)).rejects.toThrow(/not empty/)
    await restore(dstTarget, file)

    // Start on it: migrations (none pending), the app, readiness; the state is the snapshot's.
    const back = await openDb(dstTarget)
    expect(await migrate(back)).toEqual([])
    const app2 = await buildApp({ config, db: back })
    await app2.ready()
    expect((await app2.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
    expect(await state(back)).toEqual(snapshot)
    expect(ledgerIsSound(await checkLedger(back))).toBe(true)
    // And it trades.
    const again = await spotApi({ app: app2, db: back, close: async () => undefined }).place(alice.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '58000',
      amount: '0.1',
    })
    expect(again.code, again.msg).toBe(200)
    await app2.close()
    await back.destroy()
  }, 240_000)
})
