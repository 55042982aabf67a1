import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The schemas' failure keys (common/account/schema.ts) as user-facing text. */
const REASONS = {
  invalid_email: msg`Enter a valid e-mail address`,
  invalid_mobile: msg`Enter a valid phone number`,
  invalid_country: msg`Choose a country`,
  weak_password: msg`8-32 characters with at least one letter and one digit`,
  password_mismatch: msg`The two passwords do not match`,
  invalid_trade_password: msg`The trade password is 6 digits`,
  trade_password_mismatch: msg`The two trade passwords do not match`,
  invalid_code: msg`Enter the 6-digit code`,
  terms_not_agreed: msg`Please read and agree to the agreement`,
  invalid_invite_code: msg`Letters and digits only`,
  invalid_account: msg`Enter your phone number or e-mail`,
  invalid_password: msg`Enter your password`,
  invalid_nickname: msg`1-20 characters`,
  invalid_anti_phishing: msg`4-20 letters, digits, - or _`,
  invalid_name: msg`Enter your name as on the document`,
  invalid_id_number: msg`Enter a valid ID number`,
} as const

export function reasonText(i18n: I18n, reason: string | undefined): string | undefined {
  if (!reason) return undefined
  const d = (REASONS as Record<string, (typeof REASONS)[keyof typeof REASONS]>)[reason]
  return d ? i18n._(d) : i18n._(msg`Please check this field`)
}
