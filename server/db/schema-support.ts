import type { ColumnType, Generated } from 'kysely'

/** Table types of customer service chat and work orders (migration 018). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface ServiceConversationTable {
  id: Generated<string>
  user_id: string | null
  visitor_hash: string | null
  status: Generated<'waiting' | 'active' | 'closed'>
  operator_id: string | null
  category: string | null
  waiting_since: NullableTimestamp
  last_message: Generated<string>
  last_message_at: Timestamp
  user_read: Generated<string>
  staff_read: Generated<string>
  created_at: Timestamp
  closed_at: NullableTimestamp
}

export interface ServiceImageTable {
  id: string
  user_id: string | null
  visitor_hash: string | null
  mime: string
  size: number
  width: number
  height: number
  bytes: Buffer
  created_at: Timestamp
}

export interface ServiceMessageTable {
  id: Generated<string>
  conversation_id: string
  sender: 'user' | 'staff' | 'system'
  staff_id: string | null
  body: string
  image_id: string | null
  created_at: Timestamp
}

export interface WorkTicketTable {
  id: Generated<string>
  number: string
  user_id: string
  type: string
  title: string
  content: string
  images: ColumnType<string[], string | undefined, string>
  status: Generated<'open' | 'answered' | 'closed'>
  created_at: Timestamp
  updated_at: Timestamp
  closed_at: NullableTimestamp
}

export interface WorkReplyTable {
  id: Generated<string>
  ticket_id: string
  author: 'user' | 'staff'
  staff_id: string | null
  body: string
  created_at: Timestamp
}

export interface ServiceTables {
  service_conversation: ServiceConversationTable
  service_image: ServiceImageTable
  service_message: ServiceMessageTable
  work_ticket: WorkTicketTable
  work_reply: WorkReplyTable
}
