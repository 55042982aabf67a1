import { describe, expect, it } from 'vitest'
import { loadConfig, publicOrigins } from './config'

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

describe('PUBLIC_URL', () => {
  it('defaults to the listening address in development', () => {
    expect(publicOrigins(undefined, 4173)).toEqual(['http://localhost:4173', 'http://127.0.0.1:4173'])
    expect(loadConfig({ PORT: '4190' }).publicOrigins).toEqual([
      'http://localhost:4190',
      'http://127.0.0.1:4190',
    ])
    expect(loadConfig({}).publicUrlSet).toBe(false)
  })
  it('takes one or more origins, drops paths and default ports, refuses anything else', () => {
    expect(publicOrigins('https://ex.example/app/', 8080)).toEqual(['https://ex.example'])
    expect(publicOrigins('https://ex.example:443, http://10.0.0.5:8080', 8080)).toEqual([
      'https://ex.example',
      'http://10.0.0.5:8080',
    ])
    expect(loadConfig({ PUBLIC_URL: 'https://ex.example' }).publicUrlSet).toBe(true)
    expect(() => publicOrigins('ex.example', 8080)).toThrow(/PUBLIC_URL/)
    expect(() => publicOrigins('ftp://ex.example', 8080)).toThrow(/PUBLIC_URL/)
  })
})
