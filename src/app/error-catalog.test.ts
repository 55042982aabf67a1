import { ERRORS } from '@common/api/errors'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from './error-catalog'
import { translateError } from './error-messages'
import { i18n } from './i18n'

describe('client error catalogue', () => {
  it('translates a catalogue key through the loaded catalog and keeps the server text otherwise', () => {
    i18n.load('tw', { 'error.insufficient_balance': '餘額不足' })
    i18n.activate('tw')
    expect(translateError('error.insufficient_balance', 'Insufficient balance')).toBe('餘額不足')
    expect(translateError('error.unheard_of', 'Server text')).toBe('Server text')
    expect(translateError(undefined, 'Server text')).toBe('Server text')
  })

  it('has a translatable message for every server error key, with the same English text', () => {
    for (const def of Object.values(ERRORS)) {
      const descriptor = ERROR_MESSAGES[def.key]
      expect(descriptor, def.key).toBeDefined()
      expect(descriptor?.id).toBe(def.key)
      expect(descriptor?.message).toBe(def.en)
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual(
      Object.values(ERRORS)
        .map((e) => e.key)
        .sort(),
    )
  })
})
