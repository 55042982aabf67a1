import type { ColumnType, Generated } from 'kysely'

/** Table types of the perpetual contracts (migration 013). Lots are whole numbers in numeric columns. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface ContractSettingTable {
  symbol: string
  lot_size: string
  max_leverage: number
  tiers: unknown
  maker_fee: string
  taker_fee: string
  trading: boolean
  updated_at: Timestamp
}

export interface ContractOrderTable {
  id: Generated<string>
  holder: string
  symbol: string
  side: 'long' | 'short'
  kind: 'open' | 'close' | 'net'
  type: 'limit' | 'market'
  source: 'user' | 'tp' | 'sl' | 'liquidation' | 'reverse' | 'close_all' | 'mm'
  price: string | null
  lots: string
  filled_lots: string
  filled_notional: string
  leverage: number
  locked: string
  fee: string
  realized_pnl: string
  maker_fee_rate: string
  taker_fee_rate: string
  status: 'open' | 'partial' | 'filled' | 'cancelled'
  created_at: Timestamp
  updated_at: Timestamp
  /** 027-order-flags: the client's own id, unique per holder while the order is open. */
  client_order_id: string | null
}

export interface ContractFillTable {
  id: Generated<string>
  order_id: string
  holder: string
  symbol: string
  side: 'long' | 'short'
  kind: 'open' | 'close'
  role: 'maker' | 'taker'
  book_side: 'buy' | 'sell'
  price: string
  lots: string
  qty: string
  fee: string
  realized_pnl: string
  created_at: Timestamp
}

export interface ContractPositionTable {
  holder: string
  symbol: string
  side: 'long' | 'short'
  lots: string
  max_lots: string
  avg_price: string
  margin: string
  leverage: number
  fee: string
  realized_pnl: string
  funding: string
  closed_lots: string
  closed_notional: string
  tp: string | null
  sl: string | null
  opened_at: Timestamp
  updated_at: Timestamp
}

export interface ContractPositionHistoryTable {
  id: Generated<string>
  holder: string
  symbol: string
  side: 'long' | 'short'
  max_lots: string
  avg_open_price: string
  avg_close_price: string
  realized_pnl: string
  fee: string
  funding: string
  reason: string
  opened_at: Timestamp
  closed_at: Timestamp
}

export interface ContractFundingRoundTable {
  id: Generated<string>
  symbol: string
  ts: string | number
  rate: string
  mark_price: string
  samples: number
  created_at: Timestamp
}

export interface ContractFundingPaymentTable {
  id: Generated<string>
  round_id: string
  holder: string
  symbol: string
  side: 'long' | 'short'
  lots: string
  rate: string
  mark_price: string
  amount: string
  created_at: Timestamp
}

export interface ContractLiquidationTable {
  id: Generated<string>
  holder: string
  symbol: string
  side: 'long' | 'short'
  lots: string
  index_price: string
  close_price: string
  loss: string
  insurance_paid: string
  created_at: Timestamp
}

export interface ContractPremiumSampleTable {
  id: Generated<string>
  symbol: string
  slot: string | number
  premium: string
  created_at: Timestamp
}

export interface ContractTables {
  contract_premium_sample: ContractPremiumSampleTable
  contract_setting: ContractSettingTable
  contract_order: ContractOrderTable
  contract_fill: ContractFillTable
  contract_position: ContractPositionTable
  contract_position_history: ContractPositionHistoryTable
  contract_funding_round: ContractFundingRoundTable
  contract_funding_payment: ContractFundingPaymentTable
  contract_liquidation: ContractLiquidationTable
}
