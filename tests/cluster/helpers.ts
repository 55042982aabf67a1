import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Db } from '../../server/db/db'
import { move, postEntry } from '../../server/ledger/ledger'
import { createSession } from '../../server/platform/identity/sessions'

/** A throw-away database next to DATABASE_URL's (the cluster's processes connect to it by URL). */
export async function freshDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ox_cluster_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const u = new URL(url)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** A user with USDT and BTC (or `assets`) on spot, and a session token. */
export async function fundedUser(
  db: Db,
  tag: string,
  assets: readonly (readonly [string, string])[] = [
    ['USDT', '10000000'],
    ['BTC', '1000'],
  ],
): Promise<{ id: string; token: string }> {
  const id = randomUUID()
  await db
    .insertInto('users')
    .values({
      id,
      email: `${tag}-${id.slice(0, 8)}@example.com`,
      password_hash: 'x',
      nickname: tag,
      invite_code: `C${id.slice(0, 8)}`.toUpperCase(),
      password_changed_at: new Date(),
      created_at: new Date(),
    })
    .execute()
  for (const [asset, amount] of assets)
    await db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'recharge',
        postings: move(
          { holder: 'system', account: 'deposit_clearing', asset },
          { holder: id, account: 'spot', asset },
          amount,
        ),
      }),
    )
  const s = await createSession(db, id, { ip: '127.0.0.1', userAgent: 'cluster-test' })
  return { id, token: s.token }
}

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

export async function call<T>(
  port: number,
  method: 'GET' | 'POST',
  p: string,
  token: string,
  body?: unknown,
) {
  const r = await fetch(`http://127.0.0.1:${port}/api/${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return (await r.json()) as Envelope<T>
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `fn` until it returns a truthy value or `ms` pass (then the last value). */
export async function until<T>(fn: () => Promise<T>, ms: number, every = 200): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v || Date.now() > end) return v
    await sleep(every)
  }
}
