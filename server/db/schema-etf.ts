import type { ColumnType, Generated } from 'kysely'

/** Table types of the ETF products (migration 016). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Json = ColumnType<unknown, string, string>

export interface EtfProductTable {
  code: string
  name: string
  kind: 'basket' | 'leveraged'
  underlying: string | null
  leverage: string | null
  /** [{symbol, weight, units}] (units null until launched). */
  components: Json
  nav_reb: string | null
  p_reb: string | null
  rebalanced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  status: ColumnType<
    'active' | 'paused' | 'closed',
    'active' | 'paused' | 'closed' | undefined,
    'active' | 'paused' | 'closed'
  >
  subscribe_fee: string
  redeem_fee: string
  min_amount: string
  sort: ColumnType<number, number | undefined, number>
  close_nav: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface EtfOrderTable {
  id: Generated<string>
  holder: string
  product: string
  side: 'subscribe' | 'redeem' | 'close'
  amount: string
  units: string
  nav: string
  fee: string
  created_at: Timestamp
}

export interface EtfNavTable {
  product: string
  ts: ColumnType<string | number, string | number, string | number>
  nav: string
}

export interface EtfRebalanceTable {
  id: Generated<string>
  product: string
  kind: 'launch' | 'daily' | 'intraday'
  slot: ColumnType<string, string | number, string | number>
  nav: string
  price: string | null
  components: ColumnType<unknown, string | null, string | null>
  created_at: Timestamp
}

export interface EtfTables {
  etf_product: EtfProductTable
  etf_order: EtfOrderTable
  etf_nav: EtfNavTable
  etf_rebalance: EtfRebalanceTable
}
