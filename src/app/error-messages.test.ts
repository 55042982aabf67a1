import { ERRORS } from '@common/api/errors'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from './error-messages'

describe('client error catalogue', () => {
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
