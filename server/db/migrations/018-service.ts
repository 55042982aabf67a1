import { sql } from 'kysely'
import { type AnyDb, addHelpArticle, dropTables, imageBytes, index, table } from './kit'

/**
 * Customer service chat (conversations, messages, chat images) and work orders (tickets and their
 * replies). A visitor's conversation is keyed by the hash of a random key the app keeps; logging
 * in moves it to the account. Ticket images are ordinary uploads (owner-only, staff may read).
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'service_conversation', {
    id: 'bigserial primary key',
    user_id: 'text references users (id)',
    visitor_hash: 'text',
    // waiting | active | closed
    status: "text not null default 'waiting'",
    operator_id: 'text references users (id)',
    category: 'text',
    waiting_since: 'timestamptz',
    last_message: "text not null default ''",
    last_message_at: 'timestamptz not null default now()',
    user_read: 'bigint not null default 0',
    staff_read: 'bigint not null default 0',
    created_at: 'timestamptz not null default now()',
    closed_at: 'timestamptz',
  }).execute()
  // At most one conversation that is not closed per user and per visitor.
  await sql`create unique index service_conversation_user_live on service_conversation (user_id)
    where status <> 'closed' and user_id is not null`.execute(db)
  await sql`create unique index service_conversation_visitor_live on service_conversation (visitor_hash)
    where status <> 'closed' and visitor_hash is not null`.execute(db)
  await index(db, 'service_conversation_status', 'service_conversation', ['status', 'last_message_at'])

  await table(db, 'service_image', {
    id: 'text primary key',
    user_id: 'text references users (id)',
    visitor_hash: 'text',
    ...imageBytes,
    created_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'service_message', {
    id: 'bigserial primary key',
    conversation_id: 'bigint not null references service_conversation (id) on delete cascade',
    // user | staff | system
    sender: 'text not null',
    staff_id: 'text references users (id)',
    body: 'text not null',
    image_id: 'text references service_image (id)',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'service_message_conversation', 'service_message', ['conversation_id', 'id'])

  await table(db, 'work_ticket', {
    id: 'bigserial primary key',
    number: 'text not null unique',
    user_id: 'text not null references users (id)',
    type: 'text not null',
    title: 'text not null',
    content: 'text not null',
    // Upload ids, in the order picked.
    images: "jsonb not null default '[]'::jsonb",
    // open | answered | closed
    status: "text not null default 'open'",
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
    closed_at: 'timestamptz',
  }).execute()
  await index(db, 'work_ticket_user', 'work_ticket', ['user_id', 'id'])
  await index(db, 'work_ticket_queue', 'work_ticket', ['status', 'type', 'updated_at'])
  await table(db, 'work_reply', {
    id: 'bigserial primary key',
    ticket_id: 'bigint not null references work_ticket (id) on delete cascade',
    // user | staff
    author: 'text not null',
    staff_id: 'text references users (id)',
    body: 'text not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'work_reply_ticket', 'work_reply', ['ticket_id', 'id'])

  // The help academy explains the chat and work orders (and the quick answers find it).
  await addHelpArticle(db, 'start', ARTICLE)
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from article where id in (select article_id from article_text where title = ${ARTICLE[0]?.[1]})`.execute(
    db,
  )
  await dropTables(db, [
    'work_reply',
    'work_ticket',
    'service_message',
    'service_image',
    'service_conversation',
  ])
}

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'Customer service chat and work orders',
    `**Chat**: open **Mine -> Customer service** (no login needed). Type your question: matching help articles are suggested while you type. Send text or a picture (JPEG, PNG or WebP up to 5 MB; pictures are re-encoded and their metadata, such as location, is removed). An operator takes your conversation and answers in real time; you see when they are typing and when they have read your messages. If you start as a visitor and log in later, the conversation moves to your account. When you are not in the app, replies reach you as a notification.

**No operator online?** The chat page says so. Leave a message anyway, or open a **work order** so the answer waits for you.

**Work orders (tickets)**: **Mine -> Work orders -> New**. Choose a type, write a title and a description, add up to 9 pictures and pass the slider check. A ticket is **open** until staff answer (**answered**); reply on the ticket to continue the thread (it becomes open again). Either side can **close** it; you can reopen a closed ticket within 7 days. Only you and the platform's staff can see your tickets and their pictures.`,
  ],
  [
    'tw',
    '線上客服與工單',
    `**線上客服**：前往 **我的 -> 線上客服**（無需登入）。輸入問題時，會即時推薦相符的幫助文章。可傳送文字或圖片（JPEG、PNG 或 WebP，最大 5 MB；圖片會重新編碼並移除位置等中繼資料）。客服人員接入後即時回覆；您可看到對方正在輸入以及是否已讀。若以訪客身分開始、之後登入，對話會轉入您的帳戶。不在應用程式內時，回覆會以通知送達。

**沒有客服在線？** 聊天頁會顯示。您仍可留言，或提交**工單**，讓回覆等您查看。

**工單**：**我的 -> 工單 -> 新建**。選擇類型、填寫標題與描述，最多附 9 張圖片並通過滑塊驗證。工單在客服回覆前為**待處理**，回覆後為**已回覆**；您在工單下回覆即可繼續討論（狀態回到待處理）。雙方皆可**關閉**工單；關閉後 7 天內可重新開啟。只有您與平台工作人員能看到您的工單及圖片。`,
  ],
]
