import type { ColumnType, Generated } from 'kysely'

/** Table types of segregation of duties (migration 024): four-eyes proposals. Money columns numeric. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface FourEyesProposalTable {
  id: Generated<string>
  kind: string
  case_type: string
  case_id: string
  payload: ColumnType<unknown, string, string>
  asset: string
  amount: string
  value_usdt: string | null
  limit_usdt: string
  proposer_id: string
  status: Generated<'pending' | 'approved' | 'rejected'>
  decided_by: string | null
  decided_at: NullableTimestamp
  reason: Generated<string>
  created_at: Timestamp
}

export interface DutiesTables {
  four_eyes_proposal: FourEyesProposalTable
}
