import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * C2C fiat trading (issue 16): payment accounts, merchants, ads, orders (escrow in the seller's
 * funding account, frozen), the order chat and appeals. The example ads of a fresh install are
 * published by the service on first start (demo merchants funded from the treasury through the
 * ledger), not here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('c2c_payment')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('bank', 'alipay', 'wechat')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('bank', 'text')
    .addColumn('branch', 'text')
    .addColumn('qr_upload_id', 'text', (c) => c.references('upload.id'))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('c2c_payment_user').on('c2c_payment').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('c2c_merchant')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('c2c_ad')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('fiat', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('total', 'numeric', (c) => c.notNull())
    .addColumn('remaining', 'numeric', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('min_amount', 'numeric', (c) => c.notNull())
    .addColumn('max_amount', 'numeric', (c) => c.notNull())
    .addColumn('pay_kinds', 'jsonb', (c) => c.notNull())
    .addColumn('pay_window', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('online'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('c2c_ad_list')
    .on('c2c_ad')
    .columns(['coin', 'fiat', 'side', 'status', 'price'])
    .execute()
  await db.schema.createIndex('c2c_ad_user').on('c2c_ad').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('c2c_order')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ad_id', 'bigint', (c) => c.notNull().references('c2c_ad.id'))
    .addColumn('maker_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('taker_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('fiat', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('quantity', 'numeric', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('pay_window', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('payment', 'jsonb', (c) => c.notNull())
    .addColumn('proof_upload_id', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('done_at', 'timestamptz')
    .addColumn('settled_to_buyer', 'numeric')
    .addColumn('buyer_read', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('seller_read', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('c2c_order_buyer').on('c2c_order').columns(['buyer_id', 'id']).execute()
  await db.schema.createIndex('c2c_order_seller').on('c2c_order').columns(['seller_id', 'id']).execute()
  await db.schema.createIndex('c2c_order_status').on('c2c_order').columns(['status', 'expires_at']).execute()
  await db.schema.createIndex('c2c_order_ad').on('c2c_order').columns(['ad_id', 'status']).execute()

  await db.schema
    .createTable('c2c_message')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('c2c_order.id'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image_upload_id', 'text', (c) => c.references('upload.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('c2c_message_order').on('c2c_message').columns(['order_id', 'id']).execute()

  await db.schema
    .createTable('c2c_appeal')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('c2c_order.id'))
    .addColumn('opened_by', 'text', (c) => c.notNull())
    .addColumn('opener_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('evidence', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('outcome', 'text')
    .addColumn('reason', 'text')
    .addColumn('suggest_to_buyer', 'numeric')
    .addColumn('suggest_reason', 'text')
    .addColumn('buyer_accept', 'boolean')
    .addColumn('seller_accept', 'boolean')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // The help academy's C2C article now describes what exists.
  for (const [lang, title, body] of ARTICLE)
    await sql`update article_text set body = ${body} where lang = ${lang} and title = ${title}`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['c2c_appeal', 'c2c_message', 'c2c_order', 'c2c_ad', 'c2c_merchant', 'c2c_payment'])
    await db.schema.dropTable(t).execute()
}

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'C2C trading safely',
    `In C2C (Menu > C2C) you buy or sell USDT, BTC or ETH with another user for fiat money. The seller's coins are held by the platform (frozen in the seller's funding account) until the trade ends.

- **Before you trade**: complete basic identity verification and add a payment account (bank card, Alipay or WeChat) **in your own verified name**.
- **Buyers**: pay within the order's payment window (**20 minutes** by default), only to a payment account shown in the order, then tap "I have paid". An unpaid order is cancelled when the window ends and the coins go back to the seller. Three cancellations in one day stop new orders until the next day.
- **Sellers**: release the coins only after the money is **in your account** — not on a screenshot. Coins are never released by a timer: only you, or customer service deciding an appeal, can release them.
- Keep all talk in the order chat. Nobody from the platform will ask you to pay or release outside it.
- If something is wrong after payment, open an **appeal** with a description and evidence. The coins stay frozen; customer service decides for the buyer or the seller, or suggests a settlement that both of you accept or refuse.
- Merchants carry a badge; every advertiser shows a completion rate and the number of orders of the last 30 days.`,
  ],
  [
    'tw',
    '安全進行 C2C 交易',
    `在 C2C（選單 > C2C）中，您可與其他用戶以法幣買賣 USDT、BTC 或 ETH。賣方的幣在交易結束前由平台保管（凍結於賣方的資金帳戶）。

- **交易前**：請完成基礎身分認證，並新增**與認證姓名相同**的收款帳戶（銀行卡、支付寶或微信）。
- **買方**：請在訂單的付款時限內（預設 **20 分鐘**）、只向訂單顯示的收款帳戶付款，再點「我已付款」。逾時未付款的訂單會自動取消，幣退回賣方。一天內取消三次，當天不能再下單。
- **賣方**：只有在款項**確實入帳**後才放幣——不要只看截圖。幣絕不會因計時而自動放出：只有您或處理申訴的客服能放幣。
- 所有溝通都在訂單聊天中進行。平台人員不會要求您在訂單外付款或放幣。
- 付款後如有問題，請附上說明與證據提出**申訴**。幣會保持凍結；客服裁定買方或賣方勝訴，或提出雙方可同意或拒絕的和解方案。
- 商家帶有標章；每位廣告方都會顯示完成率與近 30 天的訂單數。`,
  ],
]
