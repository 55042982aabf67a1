import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AlreadyRunningError, holdExclusive } from '../../server/db/exclusive'

describe('one exchange process per database', () => {
  it('PGlite data directory: a second process is refused until the first releases', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exclusive-'))
    try {
      const first = await holdExclusive({ databaseUrl: null, dataDir })
      await expect(holdExclusive({ databaseUrl: null, dataDir })).rejects.toBeInstanceOf(AlreadyRunningError)
      await first.release()
      const again = await holdExclusive({ databaseUrl: null, dataDir })
      await again.release()
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('PGlite data directory: a lock left by a dead process does not block a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exclusive-'))
    try {
      // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
      fs.writeFileSync(path.join(dataDir, 'exchange.pid'), String(2 ** 22 + 1))
      const lock = await holdExclusive({ databaseUrl: null, dataDir })
      expect(fs.readFileSync(path.join(dataDir, 'exchange.pid'), 'utf8')).toBe(String(process.pid))
      await lock.release()
      expect(fs.existsSync(path.join(dataDir, 'exchange.pid'))).toBe(false)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: the advisory lock admits one process at a time',
    async () => {
      const databaseUrl = process.env.DATABASE_URL as string
      const first = await holdExclusive({ databaseUrl, dataDir: os.tmpdir() })
      await expect(holdExclusive({ databaseUrl, dataDir: os.tmpdir() })).rejects.toBeInstanceOf(
        AlreadyRunningError,
      )
      await first.release()
      const again = await holdExclusive({ databaseUrl, dataDir: os.tmpdir() })
      await again.release()
    },
  )
})
