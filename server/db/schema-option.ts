import type { ColumnType, Generated } from 'kysely'

/** Table types of the short-term options (migration 015). Times of rounds are epoch seconds. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Big = ColumnType<string, string | number, string | number>

export interface OptionSettingTable {
  symbol: string
  period: number
  enabled: boolean
  up_rate: string
  down_rate: string
  flat_rate: string
  band: string
  fee_rate: string
  min_amount: string
  cutoff: number
  updated_at: Timestamp
}

export interface OptionTickTable {
  symbol: string
  sec: Big
  price: string
  ts: Big
}

export interface OptionRoundTable {
  id: Generated<string>
  symbol: string
  period: number
  start_at: Big
  cutoff_at: Big
  delivery_at: Big
  up_rate: string
  down_rate: string
  flat_rate: string
  band_rate: string
  fee_rate: string
  min_amount: string
  price_precision: number
  status: 'open' | 'settling' | 'settled' | 'void'
  book_up: Generated<string>
  book_down: Generated<string>
  book_flat: Generated<string>
  exposure: Generated<string>
  orders: Generated<number>
  open_price: string | null
  open_tick_at: Big | null
  close_price: string | null
  close_tick_at: Big | null
  band: string | null
  result: 'up' | 'down' | 'flat' | null
  settled_at: Timestamp | null
  created_at: Generated<Timestamp>
}

export interface OptionOrderTable {
  id: Generated<string>
  holder: string
  round_id: string
  symbol: string
  period: number
  type: 'up' | 'down' | 'flat'
  amount: string
  fee: string
  rate: string
  status: Generated<'waiting' | 'settling' | 'settled'>
  outcome: 'win' | 'lose' | 'void' | null
  payout: string | null
  created_at: Generated<Timestamp>
  settled_at: Timestamp | null
}

export interface OptionTables {
  option_setting: OptionSettingTable
  option_tick: OptionTickTable
  option_round: OptionRoundTable
  option_order: OptionOrderTable
}
