/**
 * The account area's answers (user info, login, security, sessions, identity): the wire types the
 * server answers with and the app reads (moved from the app's api.ts files).
 */

export interface UserInfo {
  id: string
  uid: number
  role: string
  nickname: string
  avatar: string | null
  phone: string | null
  phoneCountry: string | null
  email: string | null
  inviteCode: string
  currency: string
  hasTradePassword: boolean
  googleBound: boolean
  smsVerify: boolean
  emailVerify: boolean
  googleVerify: boolean
  antiPhishing: boolean
  identity: { basic: boolean; advanced: AdvancedStatus }
  createdAt: number
  [key: string]: unknown
}
export type AdvancedStatus = 'none' | 'pending' | 'verified' | 'failed'
export interface LoginResult {
  token: string
  user: UserInfo
}
/** Data of a 1021 answer: which second checks the login needs. */
export interface SecondCheck {
  challengeId: string
  sms: boolean
  email: boolean
  google: boolean
  phoneMasked: string | null
  emailMasked: string | null
}
export interface SecurityHome {
  phoneMasked: string | null
  emailMasked: string | null
  hasTradePassword: boolean
  googleBound: boolean
  antiPhishing: boolean
  passwordChangedAt: number
  identity: { basic: boolean; advanced: AdvancedStatus }
  sms: boolean
  email: boolean
  google: boolean
  smsAvailable: boolean
  emailAvailable: boolean
  googleAvailable: boolean
}
export interface SessionItem {
  id: string
  ip: string
  userAgent: string
  createdAt: number
  lastSeenAt: number
  current: boolean
}
export interface LoginHistoryItem {
  id: number
  ip: string
  userAgent: string
  success: boolean
  at: number
}
export interface Identity {
  basic: { nationality: string; realName: string; idNumber: string } | null
  advanced: { status: AdvancedStatus; rejectReason: string | null; submittedAt: number | null }
}
