import { randomUUID } from 'node:crypto'
import {
  API_KEY_CAP,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyType,
  normalizeScopes,
} from '@common/apikey/schema'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { encryptSecret } from './cipher'
import { newApiKeyName, newHmacSecret, normalizeEd25519PublicKey } from './crypto'
import { countLiveKeys, insertKey, updateKeyRow } from './store'

/**
 * Creating and changing keys: the rules of the store (the second factor is the caller's: the
 * key-management routes ask for it before calling these).
 */

export interface CreateKeyInput {
  label: string
  type: ApiKeyType
  scopes: readonly ApiKeyScope[]
  ips: readonly string[]
  publicKey?: string | undefined
}

/** `withdraw` only with a non-empty allowlist (2609). */
function checkScopes(scopes: readonly ApiKeyScope[], ips: readonly string[]): void {
  if (scopes.includes('withdraw') && ips.length === 0) throw new AppError('apiKeyWithdrawNeedsIps')
}

const uniqueIps = (ips: readonly string[]) => [...new Set(ips.map((ip) => ip.trim()))]

/**
 * A new key for `userId`: at most API_KEY_CAP live keys (2608, counted under a lock on the user's
 * row so two creates cannot both take the last place). An HMAC key's secret is returned here
 * once and kept only encrypted; an Ed25519 key keeps the pasted public key (2610 if invalid).
 */
export async function createKey(db: Db, userId: string, input: CreateKeyInput): Promise<ApiKeyCreated> {
  const scopes = normalizeScopes(input.scopes)
  const ips = uniqueIps(input.ips)
  checkScopes(scopes, ips)
  let secret: string | undefined
  let secretEnc: string | null = null
  let publicKey: string | null = null
  if (input.type === 'hmac') {
    secret = newHmacSecret()
    secretEnc = encryptSecret(secret)
  } else {
    publicKey = input.publicKey ? normalizeEd25519PublicKey(input.publicKey) : null
    if (!publicKey) throw new AppError('apiKeyPublicKeyInvalid')
  }
  const id = randomUUID()
  const apiKey = newApiKeyName()
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()
    if ((await countLiveKeys(trx, userId)) >= API_KEY_CAP)
      throw new AppError('apiKeyCapReached', { data: { max: API_KEY_CAP } })
    await insertKey(trx, {
      id,
      apiKey,
      userId,
      label: input.label,
      type: input.type,
      scopes,
      ips,
      secretEnc,
      publicKey,
    })
  })
  return secret === undefined ? { id, apiKey } : { id, apiKey, secret }
}

/** Changes a live key's label, scopes or allowlist (2611 when the user has no such live key). */
export async function updateKey(
  db: Db,
  userId: string,
  id: string,
  change: {
    label?: string | undefined
    scopes?: readonly ApiKeyScope[] | undefined
    ips?: readonly string[] | undefined
  },
): Promise<void> {
  const current = await db
    .selectFrom('api_key')
    .select(['scopes', 'ips'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!current) throw new AppError('apiKeyNotFound')
  const scopes = change.scopes ? normalizeScopes(change.scopes) : (current.scopes as ApiKeyScope[])
  const ips = change.ips ? uniqueIps(change.ips) : current.ips
  checkScopes(scopes, ips)
  const done = await updateKeyRow(db, userId, id, {
    ...(change.label !== undefined ? { label: change.label } : {}),
    ...(change.scopes ? { scopes } : {}),
    ...(change.ips ? { ips } : {}),
  })
  if (!done) throw new AppError('apiKeyNotFound')
}
