// npm run restore -- <file> [--force]: restores a backup of `npm run backup` into the configured
// database (DATABASE_URL) or DATA_DIR, which must be empty unless --force (then it is replaced).
// Stop the exchange first; start it afterwards and run `npm run ledger:check`.
import { loadConfig } from '../server/config'
import { restore } from '../server/db/backup'

const config = loadConfig()

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
if (!file) {
  console.error('usage: npm run restore -- <file> [--force]')
  process.exit(2)
}
const t0 = Date.now()
try {
  await restore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, file, {
    force: args.includes('--force'),
  })
} catch (err) {
  console.error(`not restored: ${(err as Error).message}`)
  process.exit(1)
}
console.log(`restored ${file} in ${Date.now() - t0} ms`)
