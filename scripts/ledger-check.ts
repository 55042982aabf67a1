// npm run ledger:check: verifies the ledger invariant on the configured database (DATABASE_URL,
// or the PGlite files under DATA_DIR; stop the server first, PGlite allows one process).
import { loadConfig } from '../server/config'
import { migrate, openDb } from '../server/db/db'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'

const config = loadConfig()
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrate(db)
const report = await checkLedger(db)
await db.destroy()
console.log(`ledger: ${report.entries} entries, ${report.postings} postings, ${report.balances} balances`)
for (const u of report.unbalancedAssets) console.log(`UNBALANCED ${u.asset}: postings sum to ${u.total}`)
for (const m of report.mismatchedBalances)
  console.log(
    `MISMATCH ${m.holder}/${m.account}/${m.asset}: stored ${m.available}+${m.frozen}, postings ${m.postedAvailable}+${m.postedFrozen}`,
  )
const sound = ledgerIsSound(report)
console.log(
  sound ? 'ledger OK: every asset sums to zero, every balance equals its postings' : 'ledger BROKEN',
)
process.exit(sound ? 0 : 1)
