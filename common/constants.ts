/** Business constants and limits from docs/spec.md section 9. Money values are decimal strings. */

// Network and loading
export const REQUEST_TIMEOUT_MS = 60_000
export const PAGE_PENDING_MS = 200
export const LOADER_TIMEOUT_MS = 60_000
export const CHUNK_TIMEOUT_MS = 120_000

// Feedback
export const SPINNER_DELAY_MS = 800
export const TOAST_MS = 1500
export const TOAST_ERROR_MS = 2000

// Socket
export const SOCKET_TIMEOUT_MS = 5000
export const SOCKET_RECONNECT_DELAY_MS = 1000
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000
export const SOCKET_RANDOMIZATION = 0.5
/** Server side: updates on one channel are coalesced to at most one message per this interval (10/s). */
export const SOCKET_COALESCE_MS = 100
/** socket.io event names of the market feed (server <-> lib/socket). */
export const SOCKET_EVENTS = { subscribe: 'sub', unsubscribe: 'unsub', message: 'msg' } as const
/** Channels: 'tickers', 'candle:<SYMBOL>:<period>', and 'user' (private; token in the handshake). */
export const CHANNEL_TICKERS = 'tickers'
export const CHANNEL_USER = 'user'
export const candleChannel = (symbol: string, period: string): string => `candle:${symbol}:${period}`

// Uploads and verification
export const IMAGE_PICK_COUNT = 9
export const IMAGE_TARGET_BYTES = 200 * 1024
export const CODE_LENGTH = 6

export const APP_VERSION = '1.0.0'

export const C2C_PAY_LIMIT_MINUTES = 20

// Loans
export const LOAN_TERMS_DAYS = [7, 14, 30, 60] as const
export type LoanTermDays = (typeof LOAN_TERMS_DAYS)[number]
/** Per month; a partial month counts as a full one. */
export const LOAN_MONTHLY_RATE = '0.01'
export const LOAN_OVERDUE_EXTENSION_DAYS = 7
/** Fraction of the loan amount charged when auto-extended. */
export const LOAN_OVERDUE_PENALTY = '0.025'
export const LOAN_COINS = ['USDT', 'BTC', 'ETH'] as const
export type LoanCoin = (typeof LOAN_COINS)[number]

/** Ascending by minimum (USDT-equivalent assets, decimal strings). */
export const VIP_TIERS = [
  { name: 'Gold', min: '300000' },
  { name: 'Diamond', min: '1000000' },
  { name: 'Premium', min: '3000000' },
] as const

/** Pages reachable without logging in. */
export const PUBLIC_PAGES = [
  '/pages/market/market',
  '/pages/transaction/index',
  '/pages/financial/index',
  '/pages/service/home',
] as const
