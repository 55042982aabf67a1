import type { SpotOrderType } from '@common/spot/schema'
import type { ColumnType, Generated } from 'kysely'
import type { ApiKeyTables } from './schema-apikey'
import type { C2cTables } from './schema-c2c'
import type { ChainTables } from './schema-chain'
import type { ContractTables } from './schema-contract'
import type { DutiesTables } from './schema-duties'
import type { EarnTables } from './schema-earn'
import type { EtfTables } from './schema-etf'
import type { InviteTables } from './schema-invite'
import type { LoanTables } from './schema-loan'
import type { MarketTables } from './schema-market'
import type { OptionTables } from './schema-option'
import type { ServiceTables } from './schema-support'

/**
 * Over 400 lines on purpose: one interface per core table, mirroring the migrations; the products'
 * tables are in schema-<product>.ts.
 */
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
  /** When a staff one-time password was issued (007-console); it must be changed before console use. */
  otp_issued_at: NullableTimestamp
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
  /** Fee rates (005-spot), fractions like 0.001; the database defaults them to 0.001. */
  maker_fee: string
  taker_fee: string
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

/** One operator-console action (007-console); append-only, a trigger refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>
  actor_id: string
  action: string
  target_type: string
  target_id: string
  before: unknown
  after: unknown
  reason: Generated<string>
  ip: Generated<string>
  created_at: Timestamp
}

/** A spot order (005-spot). Holder is a user id or a market maker ('mm:1'). */
export interface SpotOrderTable {
  id: Generated<string>
  holder: string
  symbol: string
  side: 'buy' | 'sell'
  type: SpotOrderType
  price: string | null
  amount: string | null
  quote_amount: string | null
  filled: Generated<string>
  filled_quote: Generated<string>
  fee: Generated<string>
  maker_fee_rate: string
  taker_fee_rate: string
  locked: Generated<string>
  /** 'waiting': a conditional order not triggered yet (028-spot-conditional). */
  status: 'open' | 'partial' | 'filled' | 'cancelled' | 'waiting' | 'expired'
  /** Conditional orders (028-spot-conditional): see docs/products/spot.md. */
  trigger_price: string | null
  triggered_at: NullableTimestamp
  callback_rate: number | null
  activation_price: string | null
  watermark: string | null
  oco_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** 027-order-flags: 'GTC' | 'IOC' | 'FOK', post-only, the client's own id (unique while open). */
  time_in_force: Generated<'GTC' | 'IOC' | 'FOK'>
  post_only: Generated<boolean>
  client_order_id: string | null
}

/** One fill between a resting (maker) and an incoming (taker) order (005-spot). */
export interface SpotTradeTable {
  id: Generated<string>
  symbol: string
  price: string
  amount: string
  quote: string
  taker_side: 'buy' | 'sell'
  maker_order_id: string
  taker_order_id: string
  maker_holder: string
  taker_holder: string
  maker_fee: string
  taker_fee: string
  created_at: Timestamp
}

export interface WalletNonceTable {
  nonce: string
  ticket_hash: string
  created_at: Timestamp
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: NullableTimestamp
}

export interface UserWalletTable {
  address: string
  user_id: string
  created_at: Timestamp
}

/** The platform's deposit address per coin and chain, set by operators (006-assets). */
export interface DepositChannelTable {
  asset: string
  chain: string
  address: string
  min_amount: Generated<string>
  confirmations: Generated<number>
  enabled: Generated<boolean>
  updated_by: string | null
  updated_at: Timestamp
}

export type DepositStatus = 'pending' | 'credited' | 'rejected'
/** The columns a deposit and a withdrawal share: whose, what, where to, and the operator's review. */
interface ReviewedTransfer {
  id: string
  user_id: string
  asset: string
  chain: string
  address: string
  amount: string
  reject_reason: string | null
  created_at: Timestamp
  reviewed_at: NullableTimestamp
  reviewer_id: string | null
}

export interface DepositTable extends ReviewedTransfer {
  voucher_upload_id: string | null
  status: Generated<DepositStatus>
  credited_amount: string | null
}

/**
 * pending -> success | failed (an operator pays by hand), or on a watched chain (migration 029):
 * pending -> approved -> signed -> broadcast -> confirmed -> success; queued while the hot wallet cannot pay.
 */
export type WithdrawalStatus =
  | 'pending'
  | 'approved'
  | 'queued'
  | 'signed'
  | 'broadcast'
  | 'confirmed'
  | 'success'
  | 'failed'
export interface WithdrawalTable extends ReviewedTransfer {
  fee: string
  status: Generated<WithdrawalStatus>
  tx_hash: string | null
}

export interface TransferRecordTable {
  id: string
  user_id: string
  asset: string
  from_account: string
  to_account: string
  amount: string
  created_at: Timestamp
}

export interface AddressBookTable {
  id: string
  user_id: string
  asset: string
  chain: string
  address: string
  remark: Generated<string>
  created_at: Timestamp
}

export interface AssetUserSettingTable {
  user_id: string
  address_book_only: Generated<boolean>
}

export interface ExchangeOrderTable {
  id: string
  user_id: string
  from_asset: string
  to_asset: string
  from_amount: string
  to_amount: string
  rate: string
  fee: string
  status: Generated<'quoted' | 'done'>
  expires_at: ColumnType<Date, Date | string, Date | string>
  done_at: NullableTimestamp
  created_at: Timestamp
}

export interface ArticleTable {
  id: Generated<string>
  type: string
  category: Generated<string>
  status: Generated<string>
  pinned: Generated<boolean>
  cover_upload_id: string | null
  publish_at: NullableTimestamp
  sort: Generated<number>
  created_by: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** When its push went out (notices, 012-push-lang); set once, so a re-publish sends nothing. */
  pushed_at: NullableTimestamp
}

export interface ArticleTextTable {
  article_id: string
  lang: string
  title: string
  body: string
}

export interface NotificationTable {
  id: Generated<string>
  user_id: string
  title: string
  body: string
  /** {lang: {title, body}} in every app language; null on rows written before migration 020. */
  texts: ColumnType<Record<string, { title: string; body: string }> | null, string | null, string | null>
  read_at: NullableTimestamp
  created_at: Timestamp
}

export interface BannerTable {
  id: Generated<string>
  status: Generated<string>
  sort: Generated<number>
  link: Generated<string>
  created_by: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BannerImageTable {
  banner_id: string
  lang: string
  upload_id: string
  alt: string
}

export interface NoticeReadTable {
  user_id: string
  article_id: string
  read_at: Timestamp
}

export interface PushSubscriptionTable {
  id: Generated<string>
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  /** The app language at subscribe time (012-push-lang): push texts are written in it. */
  lang: Generated<string>
  created_at: Timestamp
}

export interface PushPrefTable {
  user_id: string
  price_alert: Generated<boolean>
  order_fill: Generated<boolean>
  notice: Generated<boolean>
  updated_at: Timestamp
}

export interface PriceAlertTable {
  id: Generated<string>
  user_id: string
  symbol: string
  kind: string
  value: string
  base_price: string
  above: string | null
  below: string | null
  status: Generated<string>
  fired_price: string | null
  fired_at: NullableTimestamp
  created_at: Timestamp
}

export interface Database
  extends ContractTables,
    EtfTables,
    ServiceTables,
    OptionTables,
    EarnTables,
    LoanTables,
    InviteTables,
    C2cTables,
    MarketTables,
    DutiesTables,
    ChainTables,
    ApiKeyTables {
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
  wallet_nonce: WalletNonceTable
  user_wallet: UserWalletTable
  spot_order: SpotOrderTable
  spot_trade: SpotTradeTable
  audit_log: AuditLogTable
  deposit_channel: DepositChannelTable
  deposit: DepositTable
  withdrawal: WithdrawalTable
  transfer_record: TransferRecordTable
  address_book: AddressBookTable
  asset_user_setting: AssetUserSettingTable
  exchange_order: ExchangeOrderTable
  article: ArticleTable
  article_text: ArticleTextTable
  notification: NotificationTable
  notice_read: NoticeReadTable
  banner: BannerTable
  banner_image: BannerImageTable
  push_subscription: PushSubscriptionTable
  push_pref: PushPrefTable
  price_alert: PriceAlertTable
}
