import type { ColumnType, Generated } from 'kysely'

/** Table types for Kysely. Money columns are `numeric` and travel as decimal strings. */
export interface AppReleaseTable {
  id: Generated<number>
  version: string
  notes: string
  download_url: string | null
  force_update: Generated<boolean>
  published_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface AssetTable {
  code: string
  name: string
  precision: number
  color: string
  sort: number
  enabled: Generated<boolean>
}

export interface SettingTable {
  key: string
  value: unknown
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export type UserRole = 'user' | 'operator' | 'admin'

export interface UsersTable {
  id: string
  uid: Generated<number>
  role: Generated<UserRole>
  status: Generated<string>
  phone: string | null
  phone_country: string | null
  email: string | null
  password_hash: string
  trade_password_hash: string | null
  nickname: string
  avatar_upload_id: string | null
  totp_secret: string | null
  totp_last_step: number | null
  /** Offered by /user/getGoogleToken, becomes totp_secret once a code from it is shown. */
  totp_pending_secret: string | null
  sms_verify: Generated<boolean>
  email_verify: Generated<boolean>
  google_verify: Generated<boolean>
  anti_phishing: string | null
  invite_code: string
  referred_by: string | null
  currency: Generated<string>
  password_changed_at: Timestamp
  created_at: Timestamp
}

export interface UserSessionTable {
  id: string
  user_id: string
  token_hash: string
  ip: string
  user_agent: string
  created_at: Timestamp
  last_seen_at: Timestamp
  expires_at: ColumnType<Date, Date | string, Date | string>
  revoked_at: NullableTimestamp
}

export interface VerificationCodeTable {
  id: Generated<number>
  purpose: string
  target: string
  code_hash: string
  attempts: Generated<number>
  created_at: Timestamp
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: NullableTimestamp
}

export interface SliderChallengeTable {
  id: string
  gap_x: number
  ticket_hash: string | null
  created_at: Timestamp
  expires_at: ColumnType<Date, Date | string, Date | string>
  answered_at: NullableTimestamp
  used_at: NullableTimestamp
}

export interface LoginAttemptTable {
  id: Generated<number>
  account: string
  user_id: string | null
  ip: string
  user_agent: string
  success: boolean
  created_at: Timestamp
}

export interface LoginChallengeTable {
  id: string
  user_id: string
  ip: string
  attempts: Generated<number>
  created_at: Timestamp
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: NullableTimestamp
}

export interface UploadTable {
  id: string
  owner_id: string
  mime: string
  size: number
  width: number
  height: number
  bytes: Uint8Array
  created_at: Timestamp
}

export type AdvancedStatus = 'none' | 'pending' | 'verified' | 'failed'

export interface IdentityTable {
  user_id: string
  nationality: string
  real_name: string
  id_number: string
  basic_at: Timestamp
  advanced_status: Generated<AdvancedStatus>
  front_upload_id: string | null
  back_upload_id: string | null
  hand_upload_id: string | null
  reject_reason: string | null
  submitted_at: NullableTimestamp
  reviewed_at: NullableTimestamp
  reviewer_id: string | null
}

export type InstrumentCategory = 'spot' | 'perpetual' | 'metals' | 'stocks' | 'forex'

export interface InstrumentTable {
  symbol: string
  category: InstrumentCategory
  base: string
  quote: string
  name: string
  price_precision: number
  amount_precision: number
  min_amount: string
  min_notional: string
  status: Generated<'trading' | 'suspended'>
  hot: Generated<boolean>
  logo_color: string
  sort: number
  ref_price: string
  volatility: string
  ref_turnover: string
}

/** One OHLCV candle; open_time is epoch ms (bigint, read back as a number). */
export interface CandleTable {
  symbol: string
  period: string
  open_time: ColumnType<number, number, number>
  open: string
  high: string
  low: string
  close: string
  volume: string
  turnover: string
}

export interface FavoriteTable {
  user_id: string
  symbol: string
  created_at: Timestamp
}

export interface BalanceTable {
  holder: string
  account: string
  asset: string
  available: Generated<string>
  frozen: Generated<string>
  updated_at: Timestamp
}

export interface LedgerEntryTable {
  id: Generated<number>
  reason: string
  ref_type: string | null
  ref_id: string | null
  memo: Generated<string>
  actor_id: string | null
  created_at: Timestamp
}

export interface LedgerPostingTable {
  id: Generated<number>
  entry_id: number
  holder: string
  account: string
  asset: string
  bucket: 'available' | 'frozen'
  amount: string
  balance_after: string
  created_at: Timestamp
}

export interface Database {
  app_release: AppReleaseTable
  asset: AssetTable
  setting: SettingTable
  users: UsersTable
  user_session: UserSessionTable
  verification_code: VerificationCodeTable
  slider_challenge: SliderChallengeTable
  login_attempt: LoginAttemptTable
  login_challenge: LoginChallengeTable
  upload: UploadTable
  identity: IdentityTable
  instrument: InstrumentTable
  candle: CandleTable
  favorite: FavoriteTable
  balance: BalanceTable
  ledger_entry: LedgerEntryTable
  ledger_posting: LedgerPostingTable
}
