import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely'

/**
 * PGlite is one session. kysely-pglite hands the same session to every caller, so two
 * concurrent transactions would interleave their statements inside one BEGIN..COMMIT and
 * row locks would never block (200 parallel withdrawals could overdraw a balance). This
 * wrapper makes the session a pool of one: a caller holds it from acquire to release.
 */
export function singleConnection(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new SingleConnectionDriver(dialect.createDriver()),
  }
}

class SingleConnectionDriver implements Driver {
  #tail: Promise<void> = Promise.resolve()
  #release: (() => void) | null = null

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise<void>((r) => {
      release = r
    })
    await previous
    this.#release = release
    return this.inner.acquireConnection()
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection)
    const release = this.#release
    this.#release = null
    release?.()
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings)
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection)
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection)
  }

  destroy(): Promise<void> {
    return this.inner.destroy()
  }
}
