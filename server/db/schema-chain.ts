import type { ColumnType, Generated } from 'kysely'

/** Table types of on-chain deposits and withdrawals (migration 029). bigint columns travel as strings. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type BigIntCol = ColumnType<string, string | number | bigint, string | number | bigint>

export interface ChainUserIndexTable {
  user_id: string
  idx: Generated<number>
}

export interface ChainAddressTable {
  chain: string
  user_id: string
  idx: number
  address: string
  created_at: Timestamp
}

export interface ChainCursorTable {
  chain: string
  block: BigIntCol
  block_hash: string
  head: BigIntCol
  rpc_errors: Generated<number>
  last_error: string | null
  last_error_at: NullableTimestamp
  updated_at: Timestamp
}

export type ChainDepositStatus = 'pending' | 'credited' | 'dropped'

export interface ChainDepositTable {
  id: Generated<string>
  chain: string
  tx_hash: string
  log_index: number
  block_number: BigIntCol
  block_hash: string
  asset: string
  address: string
  user_id: string
  amount: string
  status: Generated<ChainDepositStatus>
  deposit_id: string | null
  seen_at: Timestamp
  credited_at: NullableTimestamp
}

export interface ChainAlertTable {
  id: Generated<string>
  chain: string
  kind: string
  ref: string
  detail: unknown
  created_at: Timestamp
  acknowledged_by: string | null
  acknowledged_at: NullableTimestamp
}

export interface ChainNonceTable {
  chain: string
  wallet: string
  next_nonce: BigIntCol
}

export type ChainTxStatus = 'signed' | 'broadcast' | 'confirmed' | 'replaced' | 'failed'

export interface ChainTxTable {
  id: Generated<string>
  withdrawal_id: string
  chain: string
  wallet: string
  nonce: BigIntCol
  raw: string
  hash: string
  max_fee: string
  priority_fee: string
  status: Generated<ChainTxStatus>
  block_number: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >
  created_at: Timestamp
  broadcast_at: NullableTimestamp
}

export interface ChainTables {
  chain_user_index: ChainUserIndexTable
  chain_address: ChainAddressTable
  chain_cursor: ChainCursorTable
  chain_deposit: ChainDepositTable
  chain_alert: ChainAlertTable
  chain_nonce: ChainNonceTable
  chain_tx: ChainTxTable
}
