import * as v from 'valibot'
import { CODE_LENGTH } from '../constants'
import { LANG_CODES } from '../i18n/languages'
import { codeSchema, emailSchema } from '../validate/schemas'
import { boundedText } from '../validate/strict'
import { isIdCard, isMainlandMobile } from '../validate/validators'

/**
 * Request schemas of the account area (registration, login, security centre, identity). The
 * server parses every body with these; the app checks its forms with the same ones.
 * Messages are stable keys the client translates.
 */

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 32

/** 8-32 characters with at least one letter and one digit. */
export function isStrongPassword(s: string): boolean {
  return s.length >= PASSWORD_MIN && s.length <= PASSWORD_MAX && /[A-Za-z]/.test(s) && /\d/.test(s)
}

/** Trade (payment) passwords are 6 digits. */
export function isTradePassword(s: string): boolean {
  return /^\d{6}$/.test(s)
}

/** Mainland China numbers follow docs/spec.md section 5; elsewhere 4-15 digits (E.164 national part). */
export function isPhoneFor(country: string, phone: string): boolean {
  if (country === 'CN') return isMainlandMobile(phone)
  return /^\d{4,15}$/.test(phone)
}

export const passwordSchema = v.pipe(v.string('weak_password'), v.check(isStrongPassword, 'weak_password'))
export const tradePasswordSchema = v.pipe(
  v.string('invalid_trade_password'),
  v.check(isTradePassword, 'invalid_trade_password'),
)
export const countryCodeSchema = v.pipe(
  v.string('invalid_country'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'invalid_country'),
)
const phoneDigits = v.pipe(v.string('invalid_mobile'), v.trim(), v.regex(/^\d{4,15}$/, 'invalid_mobile'))
const emailLower = v.pipe(emailSchema, v.toLowerCase())
const code6 = codeSchema(CODE_LENGTH)
const ticketSchema = v.pipe(v.string('slider_required'), v.minLength(10, 'slider_required'), v.maxLength(100))
const idSchema = v.pipe(v.string('invalid_id'), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid_id'))

/** A phone with its country; the mainland rule applies to CN. */
export const phoneTargetSchema = v.pipe(
  v.object({ countryCode: countryCodeSchema, phone: phoneDigits }),
  v.forward(
    v.check((x) => isPhoneFor(x.countryCode, x.phone), 'invalid_mobile'),
    ['phone'],
  ),
)

/** POST /sliderVerify: no body opens a challenge, an answer carries its id and offset. */
export const sliderAnswerSchema = v.object({
  challengeId: idSchema,
  x: v.pipe(v.number('invalid_x'), v.integer('invalid_x'), v.minValue(0), v.maxValue(400)),
})

export const sendSmsCodeSchema = v.pipe(
  v.object({ countryCode: countryCodeSchema, phone: phoneDigits, ticket: ticketSchema }),
  v.forward(
    v.check((x) => isPhoneFor(x.countryCode, x.phone), 'invalid_mobile'),
    ['phone'],
  ),
)
export const sendEmailCodeSchema = v.object({ email: emailLower, ticket: ticketSchema })

const passwordPair = {
  password: passwordSchema,
  confirmPassword: v.string('password_mismatch'),
}

/** Who registers: a phone (with its country) or an e-mail. */
export const registerTargetSchema = v.variant('type', [
  v.pipe(
    v.object({ type: v.literal('phone'), countryCode: countryCodeSchema, phone: phoneDigits }),
    v.forward(
      v.check((x) => isPhoneFor(x.countryCode, x.phone), 'invalid_mobile'),
      ['phone'],
    ),
  ),
  v.object({ type: v.literal('email'), email: emailLower }),
])

/** The fields common to both registration kinds. */
export const registerCommonSchema = v.pipe(
  v.object({
    code: code6,
    ...passwordPair,
    tradePassword: tradePasswordSchema,
    confirmTradePassword: v.string('trade_password_mismatch'),
    agree: v.boolean('terms_not_agreed'),
    inviteCode: v.optional(
      v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{0,12}$/, 'invalid_invite_code')),
      '',
    ),
  }),
  v.forward(
    v.check((x) => x.password === x.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
  v.forward(
    v.check((x) => x.tradePassword === x.confirmTradePassword, 'trade_password_mismatch'),
    ['confirmTradePassword'],
  ),
)

/** Login and forget-password name the account: an e-mail, or a phone with its country. */
export const accountSchema = v.object({
  account: v.pipe(v.string('invalid_account'), v.trim(), v.minLength(3, 'invalid_account'), v.maxLength(254)),
  countryCode: v.optional(countryCodeSchema),
})

export const loginSchema = v.object({
  ...accountSchema.entries,
  password: v.pipe(v.string('invalid_password'), v.minLength(1, 'invalid_password'), v.maxLength(128)),
})

export const loginChallengeSchema = v.object({ challengeId: idSchema, ticket: ticketSchema })

export const loginConfirmSchema = v.object({
  challengeId: idSchema,
  smsCode: v.optional(code6),
  emailCode: v.optional(code6),
  googleCode: v.optional(code6),
})

export const forgetPasswordSchema = v.pipe(
  v.object({
    ...accountSchema.entries,
    channel: v.picklist(['sms', 'email'], 'invalid_channel'),
    code: code6,
    googleCode: v.optional(code6),
    ...passwordPair,
  }),
  v.forward(
    v.check((x) => x.password === x.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
)

export const CURRENCIES = ['USD', 'EUR', 'CNY', 'HKD', 'TWD', 'JPY', 'KRW', 'GBP'] as const
export type DisplayCurrency = (typeof CURRENCIES)[number]

export const updateUserInfoSchema = v.object({
  nickname: v.optional(boundedText(20, 'invalid_nickname', 1)),
  avatar: v.optional(v.nullable(idSchema)),
  currency: v.optional(v.picklist(CURRENCIES, 'invalid_currency')),
  lang: v.optional(v.picklist(LANG_CODES, 'invalid_lang')),
})

/** Codes to the signed-in user's own phone or e-mail (security, unbinding), or to a forgotten account's. */
export const getCodeSchema = v.object({
  channel: v.picklist(['sms', 'email'], 'invalid_channel'),
  purpose: v.picklist(['security', 'unbind', 'forget'], 'invalid_purpose'),
  ticket: ticketSchema,
  /** Only for purpose 'forget' (a visitor names the account). */
  account: v.optional(accountSchema.entries.account),
  countryCode: v.optional(countryCodeSchema),
})

export const bindEmailSchema = v.object({ email: emailLower, code: code6 })
export const bindPhoneSchema = v.pipe(
  v.object({ countryCode: countryCodeSchema, phone: phoneDigits, code: code6 }),
  v.forward(
    v.check((x) => isPhoneFor(x.countryCode, x.phone), 'invalid_mobile'),
    ['phone'],
  ),
)
export const unbindSchema = v.object({ code: code6 })

export const secondFactorSchema = v.picklist(['sms', 'email', 'google'], 'invalid_type')
export type SecondFactor = v.InferOutput<typeof secondFactorSchema>

/** Turning a check on or off proves control of that channel with its code. */
export const toggleVerifySchema = v.object({ type: secondFactorSchema, code: code6 })

export const updatePasswordSchema = v.pipe(
  v.object({ oldPassword: v.pipe(v.string(), v.minLength(1, 'invalid_password')), ...passwordPair }),
  v.forward(
    v.check((x) => x.password === x.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
)

/** Set or reset the trade password, proven by a code from a bound channel. */
export const setTradePasswordSchema = v.pipe(
  v.object({
    tradePassword: tradePasswordSchema,
    confirmTradePassword: v.string('trade_password_mismatch'),
    type: secondFactorSchema,
    code: code6,
  }),
  v.forward(
    v.check((x) => x.tradePassword === x.confirmTradePassword, 'trade_password_mismatch'),
    ['confirmTradePassword'],
  ),
)

export const googleCodeSchema = v.object({
  googleCode: code6,
  password: v.pipe(v.string(), v.minLength(1, 'invalid_password'), v.maxLength(128)),
})

export const antiPhishingSchema = v.object({
  antiPhishing: v.pipe(
    v.string('invalid_anti_phishing'),
    v.trim(),
    v.regex(/^[A-Za-z0-9_-]{4,20}$/, 'invalid_anti_phishing'),
  ),
  password: v.pipe(v.string(), v.minLength(1, 'invalid_password'), v.maxLength(128)),
})

export const revokeSessionSchema = v.object({ id: idSchema })

export const basicIdentitySchema = v.pipe(
  v.object({
    nationality: countryCodeSchema,
    realName: boundedText(60, 'invalid_name', 2),
    idNumber: v.pipe(
      v.string('invalid_id_number'),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z0-9-]{5,30}$/, 'invalid_id_number'),
    ),
  }),
  // Mainland resident IDs carry a checksum; other documents only a format.
  v.forward(
    v.check((x) => x.nationality !== 'CN' || isIdCard(x.idNumber), 'invalid_id_number'),
    ['idNumber'],
  ),
)

export const advancedIdentitySchema = v.object({ front: idSchema, back: idSchema, hand: idSchema })

export const uploadParamsSchema = v.object({ id: idSchema })
