import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { AlreadyRunningError, holdExclusive } from './exclusive'

/*
 * Backups and restores (docs/operations.md, "Back up and restore"): `npm run backup -- <file>`,
 * `npm run restore -- <file>`. PostgreSQL: pg_dump's custom format and pg_restore. PGlite: a
 * gzipped tarball of the data directory (PGlite's dumpDataDir), taken through the running
 * server's operations socket when it runs (a consistent snapshot between two transactions),
 * or from the files while it is stopped.
 */

export interface Target {
  databaseUrl: string | null
  dataDir: string
}

/** The running server's socket for online PGlite backups (in DATA_DIR: only its owner reaches it). */
export const opsSocket = (dataDir: string) => path.join(dataDir, 'ops.sock')

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d) => {
      err += d
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.trim()}`)),
    )
  })
}

export async function backup(target: Target, file: string): Promise<'pg_dump' | 'online' | 'offline'> {
  if (target.databaseUrl) {
    // Custom format (compressed, restorable table by table), without owners and grants so it
    // restores into any role's database; one snapshot: a consistent copy while the exchange runs.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, target.databaseUrl])
    return 'pg_dump'
  }
  let exclusive: Awaited<ReturnType<typeof holdExclusive>>
  try {
    exclusive = await holdExclusive({ databaseUrl: null, dataDir: target.dataDir })
  } catch (err) {
    if (!(err instanceof AlreadyRunningError)) throw err
    await onlineDump(target.dataDir, file)
    return 'online'
  }
  try {
    const db = new PGlite(path.join(target.dataDir, 'pglite'))
    await db.query('checkpoint')
    await writeDump(db, file)
    await db.close()
    return 'offline'
  } finally {
    await exclusive.release()
  }
}

async function writeDump(db: PGlite, file: string): Promise<void> {
  const blob = await db.dumpDataDir('gzip')
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
}

function onlineDump(dataDir: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: opsSocket(dataDir), path: '/backup' }, (res) => {
      if (res.statusCode !== 200)
        return reject(new Error(`the running server refused the backup (${res.statusCode})`))
      const out = fs.createWriteStream(file)
      res.pipe(out)
      out.on('finish', () => resolve())
      out.on('error', reject)
    })
    req.on('error', (err) =>
      reject(
        new Error(
          `the exchange runs on ${dataDir} but its operations socket does not answer: ${err.message}`,
        ),
      ),
    )
  })
}

/** The running server's side of an online PGlite backup: `GET /backup` on DATA_DIR/ops.sock. */
export async function serveOnlineBackup(dataDir: string, db: PGlite): Promise<{ close(): Promise<void> }> {
  const sock = opsSocket(dataDir)
  fs.rmSync(sock, { force: true })
  const server = http.createServer((req, res) => {
    if (req.url !== '/backup') return void res.writeHead(404).end()
    db.dumpDataDir('gzip').then(
      async (blob) => res.writeHead(200).end(Buffer.from(await blob.arrayBuffer())),
      (err: unknown) => res.writeHead(500).end(String(err)),
    )
  })
  // A socket path the system refuses (too long a DATA_DIR) leaves online backups off, not the exchange.
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(sock, () => resolve(true))
  })
  if (!listening) return { close: async () => undefined }
  fs.chmodSync(sock, 0o600)
  return {
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          fs.rmSync(sock, { force: true })
          resolve()
        }),
      ),
  }
}

/** Whether the target holds an exchange database already (any table). */
export async function isEmpty(target: Target): Promise<boolean> {
  if (!target.databaseUrl) {
    const dir = path.join(target.dataDir, 'pglite')
    return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0
  }
  const c = new pg.Client({ connectionString: target.databaseUrl })
  await c.connect()
  try {
    const r = await c.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = current_schema()`,
    )
    return (r.rows[0]?.n ?? 0) === 0
  } finally {
    await c.end()
  }
}

/** Restores `file` into an empty target; a non-empty one only with `force` (its contents are replaced). */
export async function restore(target: Target, file: string, opts: { force?: boolean } = {}): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`)
  if (!(await isEmpty(target)) && !opts.force)
    throw new Error(
      'the target database is not empty: restore into an empty one, or pass --force to replace it',
    )
  if (target.databaseUrl) {
    await run('pg_restore', [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      ...(opts.force ? ['--clean', '--if-exists'] : []),
      `--dbname=${target.databaseUrl}`,
      file,
    ])
    return
  }
  const exclusive = await holdExclusive({ databaseUrl: null, dataDir: target.dataDir })
  try {
    const dir = path.join(target.dataDir, 'pglite')
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    const db = new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) })
    await db.waitReady
    await db.close()
  } finally {
    await exclusive.release()
  }
}
