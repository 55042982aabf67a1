import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate, openDb, pgliteOf } from '../../server/db/db'

/**
 * Once per run of the API suites: an in-memory PGlite migrated to the latest schema, written out as
 * a data-directory tarball. Each suite's PGlite then starts from it (tests/api/harness.ts) instead
 * of running initdb and every migration again, which cost seconds per suite. Made fresh every run,
 * so it is always today's migrations.
 */
export default async function setup(project: TestProject) {
  const db = await openDb({ databaseUrl: null, dataDir: null })
  await migrate(db)
  const dump = await (pgliteOf(db) as NonNullable<ReturnType<typeof pgliteOf>>).dumpDataDir('none')
  await db.destroy()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'))
  const file = path.join(dir, 'migrated.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
