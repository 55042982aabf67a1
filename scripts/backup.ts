// npm run backup -- <file>: a consistent backup of the configured database (docs/operations.md,
// "Back up and restore"). PostgreSQL (DATABASE_URL): pg_dump custom format. PGlite (DATA_DIR):
// through the running server if it runs, else from the stopped data directory.
import { loadConfig } from '../server/config'
import { backup } from '../server/db/backup'

const config = loadConfig()

const file = process.argv[2]
if (!file) {
  console.error('usage: npm run backup -- <file>')
  process.exit(2)
}
const t0 = Date.now()
const how = await backup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, file)
console.log(`backup written to ${file} (${how}) in ${Date.now() - t0} ms`)
