import { describe, expect, it } from 'vitest'
import { AppError } from '../http/errors'
import { checkDecimals } from './precision'

describe('amount precision', () => {
  it('accepts up to the asset precision and refuses one decimal more, with the limit in the answer', () => {
    expect(() => checkDecimals('0.000001', 6)).not.toThrow()
    expect(() => checkDecimals('-12.5', 6)).not.toThrow()
    expect(() => checkDecimals('100', 0)).not.toThrow()
    let err: unknown
    try {
      checkDecimals('0.0000001', 6, 'amount', 'USDT')
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(AppError)
    expect(err).toMatchObject({
      code: 1101,
      data: { field: 'amount', reason: 'too_many_decimals', precision: 6 },
      message: 'Invalid value for amount: USDT takes at most 6 decimal places',
    })
    expect(() => checkDecimals('1.5', 0)).toThrow(AppError)
  })
})
