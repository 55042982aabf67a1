/** Verification-code rules (pure): lifetime, resend spacing, daily cap, wrong tries. */
export const CODE_TTL_MS = 10 * 60 * 1000
export const CODE_RESEND_MS = 60 * 1000
export const CODE_MAX_TRIES = 5
export const DAY_MS = 24 * 60 * 60 * 1000

export type SendVerdict = 'ok' | 'too_frequent' | 'daily_limit'

/** May another code go to this target now? `sentLastDay` counts codes sent in the past 24 h. */
export function canSend(
  lastSentAt: Date | null,
  sentLastDay: number,
  now: number,
  dailyLimit: number,
): SendVerdict {
  if (lastSentAt && now - lastSentAt.getTime() < CODE_RESEND_MS) return 'too_frequent'
  if (sentLastDay >= dailyLimit) return 'daily_limit'
  return 'ok'
}

export interface StoredCode {
  codeHash: string
  attempts: number
  expiresAt: Date
  usedAt: Date | null
}

export type AttemptVerdict = 'ok' | 'wrong' | 'expired' | 'used' | 'burned'

/**
 * Judges one attempt against the current code of a purpose and target. `matches` compares the
 * submitted code with the stored hash. A code is good once; the fifth wrong try burns it.
 */
export function judgeAttempt(code: StoredCode | null, matches: boolean, now: number): AttemptVerdict {
  if (!code || code.usedAt) return 'used'
  if (code.expiresAt.getTime() <= now) return 'expired'
  if (code.attempts >= CODE_MAX_TRIES) return 'burned'
  if (!matches) return code.attempts + 1 >= CODE_MAX_TRIES ? 'burned' : 'wrong'
  return 'ok'
}

/** Six digits, uniformly random. */
export function newCode(randomInt: (max: number) => number): string {
  return String(randomInt(1_000_000)).padStart(6, '0')
}
