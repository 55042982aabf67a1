import type { ApiKeyScope } from '@common/apikey/schema'

/**
 * Which routes an API key may reach, and with which scope: deny by default. A route not named
 * here (console `/api/admin/*`, the security centre, key management, sessions, anything new)
 * refuses a key with 2607, whatever the key's scopes. A route may instead declare its scope in
 * its own options (`config: { apiKeyScope: 'read' }`). Keys never change account security,
 * manage keys or reach the console; `withdraw` reaches the withdrawal request only, which still
 * asks for the trade password and keeps the address-book rule (docs/api.md).
 */
export const API_KEY_ROUTES: Readonly<Record<string, ApiKeyScope>> = {
  // spot
  'POST /api/spot/order/place': 'spot:trade',
  'POST /api/spot/order/cancel': 'spot:trade',
  'POST /api/spot/order/cancel-all': 'spot:trade',
  'GET /api/spot/orders/open': 'read',
  'GET /api/spot/orders/history': 'read',
  'GET /api/spot/fills': 'read',
  'GET /api/spot/balance': 'read',
  // contract
  'POST /api/contract/order/place': 'contract:trade',
  'POST /api/contract/order/cancel': 'contract:trade',
  'POST /api/contract/order/cancel-all': 'contract:trade',
  'POST /api/contract/position/close': 'contract:trade',
  'POST /api/contract/position/close-all': 'contract:trade',
  'POST /api/contract/position/reverse': 'contract:trade',
  'POST /api/contract/position/tpsl': 'contract:trade',
  'GET /api/contract/orders/open': 'read',
  'GET /api/contract/orders/history': 'read',
  'GET /api/contract/fills': 'read',
  'GET /api/contract/positions': 'read',
  'GET /api/contract/positions/history': 'read',
  'GET /api/contract/account': 'read',
  'GET /api/contract/funding/payments': 'read',
  'GET /api/contract/liquidations': 'read',
  // assets
  'GET /api/assets/overview': 'read',
  'GET /api/assets/balances': 'read',
  'GET /api/assets/coin': 'read',
  'GET /api/assets/ledger': 'read',
  'GET /api/assets/ledger/reasons': 'read',
  'GET /api/assets/transfers': 'read',
  'GET /api/assets/chains': 'read',
  'GET /api/assets/deposit/address': 'read',
  'GET /api/assets/deposits': 'read',
  'GET /api/assets/withdraw/info': 'read',
  'GET /api/assets/withdrawals': 'read',
  'GET /api/assets/address-book': 'read',
  'POST /api/assets/withdraw': 'withdraw',
  // market (the public market routes need no key; these are a user's own lists)
  'GET /api/market/favorites': 'read',
}

/** The scope a route accepts a key with, or null when keys may not reach it. */
export function routeScope(method: string, url: string | undefined, declared: unknown): ApiKeyScope | null {
  if (typeof declared === 'string') return declared as ApiKeyScope
  if (!url) return null
  return API_KEY_ROUTES[`${method} ${url}`] ?? null
}
