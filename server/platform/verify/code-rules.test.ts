import { describe, expect, it } from 'vitest'
import { CODE_MAX_TRIES, CODE_RESEND_MS, CODE_TTL_MS, canSend, judgeAttempt, newCode } from './code-rules'

const now = 1_700_000_000_000
const fresh = (over: Partial<Parameters<typeof judgeAttempt>[0] & object> = {}) => ({
  codeHash: 'h',
  attempts: 0,
  expiresAt: new Date(now + CODE_TTL_MS),
  usedAt: null,
  ...over,
})

describe('verification code lifecycle', () => {
  it('allows one send per minute per target and a daily cap', () => {
    expect(canSend(null, 0, now, 20)).toBe('ok')
    expect(canSend(new Date(now - 30_000), 1, now, 20)).toBe('too_frequent')
    expect(canSend(new Date(now - CODE_RESEND_MS), 1, now, 20)).toBe('ok')
    expect(canSend(new Date(now - CODE_RESEND_MS), 20, now, 20)).toBe('daily_limit')
  })

  it('accepts a fresh matching code', () => {
    expect(judgeAttempt(fresh(), true, now)).toBe('ok')
  })

  it('refuses a used, missing or expired code even when it matches', () => {
    expect(judgeAttempt(fresh({ usedAt: new Date(now - 1) }), true, now)).toBe('used')
    expect(judgeAttempt(null, true, now)).toBe('used')
    expect(judgeAttempt(fresh({ expiresAt: new Date(now) }), true, now)).toBe('expired')
  })

  it('burns the code on the fifth wrong try; after that even the right code fails', () => {
    expect(judgeAttempt(fresh({ attempts: 0 }), false, now)).toBe('wrong')
    expect(judgeAttempt(fresh({ attempts: CODE_MAX_TRIES - 2 }), false, now)).toBe('wrong')
    expect(judgeAttempt(fresh({ attempts: CODE_MAX_TRIES - 1 }), false, now)).toBe('burned')
    expect(judgeAttempt(fresh({ attempts: CODE_MAX_TRIES }), true, now)).toBe('burned')
  })

  it('makes six-digit codes, keeping leading zeros', () => {
    expect(newCode(() => 42)).toBe('000042')
    expect(newCode(() => 999_999)).toBe('999999')
  })
})
