import type { ColumnType, Generated } from 'kysely'

/** Table types of C2C fiat trading (migration 022). Money columns numeric. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Json<T> = ColumnType<T, string, string>

export interface C2cPaymentTable {
  id: Generated<string>
  user_id: string
  kind: 'bank' | 'alipay' | 'wechat'
  name: string
  account: string
  bank: string | null
  branch: string | null
  qr_upload_id: string | null
  deleted: Generated<boolean>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface C2cMerchantTable {
  user_id: string
  created_by: string | null
  created_at: Timestamp
}

export interface C2cAdTable {
  id: Generated<string>
  user_id: string
  side: 'buy' | 'sell'
  coin: string
  fiat: string
  price: string
  total: string
  remaining: string
  min_amount: string
  max_amount: string
  pay_kinds: Json<string[]>
  pay_window: number
  remark: Generated<string>
  status: Generated<'online' | 'offline' | 'closed' | 'completed'>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface C2cOrderTable {
  id: Generated<string>
  ad_id: string
  maker_id: string
  taker_id: string
  buyer_id: string
  seller_id: string
  coin: string
  fiat: string
  price: string
  quantity: string
  amount: string
  status: Generated<'unpaid' | 'paid' | 'appeal' | 'completed' | 'cancelled' | 'timeout' | 'closed'>
  pay_window: number
  expires_at: ColumnType<Date, Date | string, Date | string>
  payment: Json<unknown>
  proof_upload_id: string | null
  paid_at: NullableTimestamp
  done_at: NullableTimestamp
  settled_to_buyer: string | null
  buyer_read: Generated<string>
  seller_read: Generated<string>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface C2cMessageTable {
  id: Generated<string>
  order_id: string
  sender: 'buyer' | 'seller' | 'system' | 'staff'
  user_id: string | null
  body: string
  image_upload_id: string | null
  created_at: Timestamp
}

export interface C2cAppealTable {
  order_id: string
  opened_by: 'buyer' | 'seller'
  opener_id: string
  content: string
  evidence: Json<unknown>
  status: Generated<'open' | 'suggested' | 'decided'>
  outcome: 'buyer' | 'seller' | 'reject' | 'settled' | null
  reason: string | null
  suggest_to_buyer: string | null
  suggest_reason: string | null
  buyer_accept: boolean | null
  seller_accept: boolean | null
  decided_by: string | null
  decided_at: NullableTimestamp
  created_at: Timestamp
}

export interface C2cTables {
  c2c_payment: C2cPaymentTable
  c2c_merchant: C2cMerchantTable
  c2c_ad: C2cAdTable
  c2c_order: C2cOrderTable
  c2c_message: C2cMessageTable
  c2c_appeal: C2cAppealTable
}
