import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { checkRoleNeeds, parseRole } from './role'

describe('ROLE', () => {
  it('defaults to the single process', () => {
    expect(parseRole(undefined)).toBe('all')
    expect(parseRole('')).toBe('all')
    expect(loadConfig({}).role).toBe('all')
  })

  it('reads gateway and core, and refuses anything else', () => {
    expect(parseRole('gateway')).toBe('gateway')
    expect(parseRole(' CORE ')).toBe('core')
    expect(() => parseRole('worker')).toThrow(/ROLE must be one of all, gateway, core/)
  })

  it('a gateway or core needs DATABASE_URL and REDIS_URL, and says which is missing', () => {
    expect(() => checkRoleNeeds('all', null, null)).not.toThrow()
    expect(() => checkRoleNeeds('gateway', null, 'redis://r')).toThrow(/needs DATABASE_URL/)
    expect(() => checkRoleNeeds('core', 'postgres://d', null)).toThrow(/needs REDIS_URL/)
    expect(() => loadConfig({ ROLE: 'core' })).toThrow(/DATABASE_URL and REDIS_URL/)
    const c = loadConfig({ ROLE: 'gateway', DATABASE_URL: 'postgres://d', REDIS_URL: 'redis://r' })
    expect(c.role).toBe('gateway')
  })
})
