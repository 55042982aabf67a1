// npm run operator -- create <email> [--admin]
// Creates an operator account (or promotes the existing user with that e-mail) and prints a
// one-time password. The operator logs in through the app, must change it and bind Google
// authenticator; then the console at #/admin answers. Uses DATABASE_URL, or the PGlite files under
// DATA_DIR (stop the server first: PGlite allows one process).

import * as v from 'valibot'
import { staffCreateSchema } from '../common/admin/schema'
import { loadConfig } from '../server/config'
import { migrate, openDb } from '../server/db/db'
import { createStaff } from '../server/platform/staff/staff'

const [command, email, ...flags] = process.argv.slice(2)
const input = v.safeParse(staffCreateSchema, {
  email,
  role: flags.includes('--admin') ? 'admin' : 'operator',
})
if (command !== 'create' || !input.success) {
  console.error('usage: npm run operator -- create <email> [--admin]')
  process.exit(2)
}

const config = loadConfig()
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrate(db)
const s = await createStaff(db, { email: input.output.email, role: input.output.role })
await db.destroy()
console.log(`${s.created ? 'created' : 'promoted'} ${s.role} ${s.email}`)
console.log(`one-time password: ${s.password}`)
console.log('log in through the app, change this password and bind Google authenticator; console: #/admin')
