import type { ColumnType } from 'kysely'

/** Table types of API keys (migration 026). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** jsonb arrays: read as arrays, written as JSON text. */
type JsonArray = ColumnType<string[], string, string>

export interface ApiKeyTable {
  id: string
  api_key: string
  user_id: string
  label: string
  type: 'hmac' | 'ed25519'
  scopes: JsonArray
  ips: JsonArray
  secret_enc: string | null
  public_key: string | null
  created_at: Timestamp
  updated_at: Timestamp
  last_used_at: NullableTimestamp
  revoked_at: NullableTimestamp
  revoked_reason: string | null
  revoked_by: string | null
}

export interface ApiKeyTables {
  api_key: ApiKeyTable
}
