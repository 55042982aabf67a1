import { describe, expect, it } from 'vitest'
import { AppError } from '../http/errors'
import { errorFromWire, errorToWire } from './wire'

describe('errors across the broker', () => {
  it('a domain error arrives on the gateway as the same AppError (code, key, message, data)', () => {
    const sent = new AppError('insufficientBalance', { data: { asset: 'USDT' } })
    const got = errorFromWire(JSON.parse(JSON.stringify(errorToWire(sent))), 'spot.place')
    expect(got).toBeInstanceOf(AppError)
    expect(got).toMatchObject({ code: 1200, key: 'error.insufficient_balance', data: { asset: 'USDT' } })
    expect(got.message).toBe(sent.message)
  })

  it('an internal failure crosses as nothing but "internal" (no details leak)', () => {
    expect(errorToWire(new Error('connection reset at 10.0.0.3'))).toBeNull()
    const got = errorFromWire(null, 'contract.place')
    expect(got).not.toBeInstanceOf(AppError)
    expect(got.message).not.toContain('10.0.0.3')
  })

  it('the cluster errors have codes of their own', () => {
    expect(errorToWire(new AppError('marketUnavailable'))?.code).toBe(1403)
    expect(errorToWire(new AppError('commandTimeout'))?.code).toBe(1404)
  })
})
