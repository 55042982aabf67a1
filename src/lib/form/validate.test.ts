import { registerCommonSchema, updatePasswordSchema } from '@common/account/schema'
import { describe, expect, it } from 'vitest'
import { fieldErrors } from './validate'

describe('form checks with the shared schemas', () => {
  it('names each failing field once with its reason key', () => {
    const errors = fieldErrors(registerCommonSchema, {
      code: '12',
      password: 'abc',
      confirmPassword: 'abc',
      tradePassword: '123456',
      confirmTradePassword: '123456',
      agree: true,
    })
    expect(errors).toEqual({ code: 'invalid_code', password: 'weak_password' })
  })

  it('reports a mismatched confirmation on the confirmation field', () => {
    const errors = fieldErrors(updatePasswordSchema, {
      oldPassword: 'x',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd2',
    })
    expect(errors).toEqual({ confirmPassword: 'password_mismatch' })
  })
})
