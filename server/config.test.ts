import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('defaults to port 8080 and the embedded database under ./data', () => {
    const c = loadConfig({})
    expect(c.port).toBe(8080)
    expect(c.databaseUrl).toBeNull()
    expect(c.dataDir.endsWith('/data')).toBe(true)
  })

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const c = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://h/db' })
    expect(c).toMatchObject({ port: 9090, dataDir: '/tmp/x', databaseUrl: 'postgres://h/db' })
  })

  it('refuses a malformed number instead of starting on a surprise port', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow(/PORT/)
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '1.5' })).toThrow(/RATE_LIMIT_PER_MINUTE/)
  })
})
