/**
 * The stable error-code catalogue. Codes never change meaning once shipped; the client
 * translates by `key` (a Lingui message id) and falls back to the English `msg` from the server.
 * Numbers: 1000-1099 session and protocol, 1100-1199 input, 1200+ domain areas.
 */
export const ERRORS = {
  invalidSession: {
    code: 1003,
    key: 'error.invalid_session',
    en: 'Your session has ended, please log in again',
  },
  secondCheck: { code: 1021, key: 'error.second_check', en: 'A second verification is required' },
  silent: { code: 1052, key: 'error.silent', en: 'Request not completed' },
  internal: { code: 1000, key: 'error.internal', en: 'Network busy, try again later' },
  notFound: { code: 1004, key: 'error.not_found', en: 'Not found' },
  tooManyRequests: { code: 1005, key: 'error.too_many_requests', en: 'Too many requests, try again later' },
  forbidden: { code: 1006, key: 'error.forbidden', en: 'You are not allowed to do this' },
  accountAbnormal: {
    code: 1007,
    key: 'error.account_abnormal',
    en: 'Account abnormal, contact customer service',
  },
  badRequest: { code: 1100, key: 'error.bad_request', en: 'The request is not valid' },
  invalidField: { code: 1101, key: 'error.invalid_field', en: 'Please check the highlighted field' },
  fileTooLarge: { code: 1102, key: 'error.file_too_large', en: 'File too large' },
  fileType: { code: 1103, key: 'error.file_type', en: 'File format or type error' },
  verificationFailed: { code: 1104, key: 'error.verification_failed', en: 'Verification failed' },
  authenticationFailed: { code: 1105, key: 'error.authentication_failed', en: 'Authentication failed' },
  termsNotAgreed: { code: 1106, key: 'error.terms_not_agreed', en: 'You have not agreed to the terms' },
  insufficientBalance: { code: 1200, key: 'error.insufficient_balance', en: 'Insufficient balance' },
  belowMinimum: { code: 1201, key: 'error.below_minimum', en: 'Trading amount below the minimum' },
  exchangeAmount: { code: 1202, key: 'error.exchange_amount', en: 'Exchange amount wrong, please check' },
  exchangeHeld: { code: 1203, key: 'error.exchange_held', en: 'Check the held coin amount' },
} as const

export type ErrorName = keyof typeof ERRORS
export type ErrorDef = (typeof ERRORS)[ErrorName]

export function errorByCode(code: number): ErrorDef | undefined {
  return Object.values(ERRORS).find((e) => e.code === code)
}
