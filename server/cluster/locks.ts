import pg from 'pg'

/**
 * Session advisory locks on one PostgreSQL connection of the core's own. A lock lives exactly as
 * long as that connection: when the core dies (even kill -9) PostgreSQL ends its session and the
 * locks are free for another core. Keys are (class, hashtext(name)): the two-int form never
 * meets db/exclusive.ts's single bigint key (PostgreSQL keeps the two forms apart).
 */
const LOCK_CLASS = 0x6f78 // "ox"
/** Cores name their lock connection so the others can count them (pg_stat_activity). */
const APP_PREFIX = 'ox-core:'

export class LockConnection {
  private constructor(
    private readonly client: pg.Client,
    readonly nodeId: string,
  ) {}

  /**
   * Connects; `onLost` runs if the connection fails later (its locks are gone then, and another
   * core may already be running those markets: the caller must stop at once).
   */
  static async open(
    databaseUrl: string,
    nodeId: string,
    onLost: (err: Error) => void,
    /** Counted as a live core (false: a short-lived connection for start-up critical sections). */
    asCore = true,
  ): Promise<LockConnection> {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: `${asCore ? APP_PREFIX : 'ox-start:'}${nodeId}`.slice(0, 63),
      keepAlive: true,
    })
    await client.connect()
    client.on('error', onLost)
    client.on('end', () => onLost(new Error('lock connection ended')))
    return new LockConnection(client, nodeId)
  }

  async tryLock(name: string): Promise<boolean> {
    const r = await this.client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1::int, hashtext($2)) as ok',
      [LOCK_CLASS, name],
    )
    return r.rows[0]?.ok === true
  }

  /** Waits for `name` (a short critical section between cores, e.g. the first start's backfill). */
  async lockWait(name: string): Promise<void> {
    await this.client.query('select pg_advisory_lock($1::int, hashtext($2))', [LOCK_CLASS, name])
  }

  async unlock(name: string): Promise<void> {
    await this.client.query('select pg_advisory_unlock($1::int, hashtext($2))', [LOCK_CLASS, name])
  }

  /** Whether any session holds `name` (for gateways and tests; the lock itself is the truth). */
  static async isHeld(db: pg.Client | pg.Pool, name: string): Promise<boolean> {
    const r = await db.query<{ n: string }>(
      `select count(*) as n from pg_locks where locktype = 'advisory' and granted
         and classid = $1::int::oid and objid = hashtext($2)::oid and objsubid = 2`,
      [LOCK_CLASS, name],
    )
    return Number(r.rows[0]?.n ?? 0) > 0
  }

  /** Cores with a live lock connection (this one included). */
  async liveCores(): Promise<number> {
    const r = await this.client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and application_name like $1',
      [`${APP_PREFIX}%`],
    )
    return Math.max(1, Number(r.rows[0]?.n ?? 1))
  }

  /** Closes the connection on purpose (shutdown): every lock is released by PostgreSQL. */
  async close(): Promise<void> {
    this.client.removeAllListeners('end')
    this.client.removeAllListeners('error')
    this.client.on('error', () => undefined)
    await this.client.end()
  }
}
