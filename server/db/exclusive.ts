import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/**
 * The exchange core keeps live state in memory (order books, the index feed, market makers,
 * schedulers), so two processes on one database would run two order books against the same
 * balances. A process holds this for its whole life; a second one refuses to start.
 * PostgreSQL: a session advisory lock on a connection of its own. PGlite: a lock file with the pid.
 */
export interface Exclusive {
  release(): Promise<void>
}

// "oxcore" in ASCII as a number: any fixed bigint works, it only has to be the same for every instance.
const LOCK_KEY = '122562855006821'

export class AlreadyRunningError extends Error {}

export async function holdExclusive(opts: {
  databaseUrl: string | null
  dataDir: string
}): Promise<Exclusive> {
  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl })
    await client.connect()
    const r = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}::bigint) as ok`)
    if (!r.rows[0]?.ok) {
      await client.end()
      throw new AlreadyRunningError(
        'another exchange process is running against this database (PostgreSQL advisory lock held); run one per database',
      )
    }
    // A dropped connection releases the lock: stop rather than run on unguarded.
    client.on('error', (err) => {
      console.error('lost the database connection that holds the single-instance lock', err)
      process.exit(1)
    })
    return { release: () => client.end() }
  }
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const file = path.join(opts.dataDir, 'exchange.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      return {
        release: async () => {
          // The data directory may be gone already (benchmarks and tests remove theirs).
          if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === String(process.pid))
            fs.rmSync(file, { force: true })
        },
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(fs.readFileSync(file, 'utf8'))
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new AlreadyRunningError(`another exchange process (pid ${pid}) is using ${opts.dataDir}`)
      }
      // Left over from a process that died without cleaning up.
      fs.rmSync(file, { force: true })
    }
  }
  throw new AlreadyRunningError(`could not take ${file}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
