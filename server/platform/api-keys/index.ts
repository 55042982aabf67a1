/**
 * API keys (issue 37, docs/api.md): the key store and the verification core every key surface
 * uses (the native signed API in server/http/api-key-auth.ts, the HollaEx-compatible surface).
 */
export { canEncrypt, setEncryptionKey } from './cipher'
export { hmacHex } from './crypto'
export { type CreateKeyInput, createKey, updateKey } from './manage'
export { chargeKeyRate, type KeyRate, setKeyRateLimit, takeKeyRate } from './rate-limit'
export { clearReplayCache, rememberSignature } from './replay'
export {
  compileAllowlist,
  findKeyView,
  forgetUserKeys,
  ipAllowed,
  listKeys,
  revokeKey,
  revokeUserKeys,
} from './store'
export {
  assertFresh,
  checkIp,
  FUTURE_SKEW_MS,
  type KeyPrincipal,
  liveKey,
  requireScope,
  type SignedRequest,
  signingInput,
  verifyHmac,
  verifySignedRequest,
} from './verify'

import { onSessionsChanged } from '../identity/sessions'
import { setEncryptionKey } from './cipher'
import { setKeyRateLimit } from './rate-limit'
import { type ApiKeySettings, apiKeySettings } from './settings'
import { forgetUserKeys } from './store'

export { type ApiKeySettings, apiKeySettings }

// What drops a user's cached sessions (another process's change included) drops their keys too.
onSessionsChanged((filter) => {
  if ('userId' in filter) forgetUserKeys(filter.userId)
})

let configured = false

/**
 * The encryption key and the per-key rate limit. Without settings: from the environment, once
 * (the key-management routes call it at start; a later call without settings keeps what is set).
 */
export function configureApiKeys(settings?: ApiKeySettings): void {
  if (!settings && configured) return
  const s = settings ?? apiKeySettings(process.env)
  setEncryptionKey(s.encryptionKey)
  setKeyRateLimit(s.rateLimitPerMinute)
  configured = true
}
