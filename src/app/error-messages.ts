import { ERRORS } from '@common/api/errors'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { i18n } from './i18n'

/**
 * The error catalogue in the user's language, by key. Written out with literal ids so the
 * extractor finds them; error-messages.test.ts keeps it equal to common/api/errors.ts.
 */
export const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  'error.invalid_session': msg({
    id: 'error.invalid_session',
    message: 'Your session has ended, please log in again',
  }),
  'error.second_check': msg({ id: 'error.second_check', message: 'A second verification is required' }),
  'error.silent': msg({ id: 'error.silent', message: 'Request not completed' }),
  'error.internal': msg({ id: 'error.internal', message: 'Network busy, try again later' }),
  'error.not_found': msg({ id: 'error.not_found', message: 'Not found' }),
  'error.too_many_requests': msg({
    id: 'error.too_many_requests',
    message: 'Too many requests, try again later',
  }),
  'error.forbidden': msg({ id: 'error.forbidden', message: 'You are not allowed to do this' }),
  'error.account_abnormal': msg({
    id: 'error.account_abnormal',
    message: 'Account abnormal, contact customer service',
  }),
  'error.bad_request': msg({ id: 'error.bad_request', message: 'The request is not valid' }),
  'error.invalid_field': msg({ id: 'error.invalid_field', message: 'Please check the highlighted field' }),
  'error.file_too_large': msg({ id: 'error.file_too_large', message: 'File too large' }),
  'error.file_type': msg({ id: 'error.file_type', message: 'File format or type error' }),
  'error.verification_failed': msg({ id: 'error.verification_failed', message: 'Verification failed' }),
  'error.authentication_failed': msg({ id: 'error.authentication_failed', message: 'Authentication failed' }),
  'error.terms_not_agreed': msg({
    id: 'error.terms_not_agreed',
    message: 'You have not agreed to the terms',
  }),
  'error.insufficient_balance': msg({ id: 'error.insufficient_balance', message: 'Insufficient balance' }),
  'error.below_minimum': msg({ id: 'error.below_minimum', message: 'Trading amount below the minimum' }),
  'error.exchange_amount': msg({
    id: 'error.exchange_amount',
    message: 'Exchange amount wrong, please check',
  }),
  'error.exchange_held': msg({ id: 'error.exchange_held', message: 'Check the held coin amount' }),
}

export const ERROR_KEYS = Object.values(ERRORS).map((e) => e.key)

/** The translated message for a catalogue key, or the server's text for anything unknown. */
export function translateError(key: string | undefined, fallback: string): string {
  const descriptor = key ? ERROR_MESSAGES[key] : undefined
  return descriptor ? i18n._(descriptor) : fallback
}
