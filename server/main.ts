import { buildApp } from './app'
import { loadConfig } from './config'
import { migrate, openDb } from './db/db'

async function main(): Promise<void> {
  const config = loadConfig()
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  const app = await buildApp({ config, db })
  if (applied.length) app.log.info({ applied }, 'migrations applied')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    await app.close()
    await db.destroy()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    `exchange ready on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
