import { type AnyDb, dropTables, index, rewriteArticle, table } from './kit'

/**
 * C2C fiat trading (issue 16): payment accounts, merchants, ads, orders (escrow in the seller's
 * funding account, frozen), the order chat and appeals. The example ads of a fresh install are
 * published by the service on first start (demo merchants funded from the treasury through the
 * ledger), not here.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'c2c_payment', {
    id: 'bigserial primary key',
    user_id: 'text not null references users (id)',
    kind: "text not null check (kind in ('bank', 'alipay', 'wechat'))",
    name: 'text not null',
    account: 'text not null',
    bank: 'text',
    branch: 'text',
    qr_upload_id: 'text references upload (id)',
    deleted: 'boolean not null default false',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'c2c_payment_user', 'c2c_payment', ['user_id', 'id'])

  await table(db, 'c2c_merchant', {
    user_id: 'text primary key references users (id)',
    created_by: 'text',
    created_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'c2c_ad', {
    id: 'bigserial primary key',
    user_id: 'text not null references users (id)',
    side: "text not null check (side in ('buy', 'sell'))",
    coin: 'text not null',
    fiat: 'text not null',
    price: 'numeric not null',
    total: 'numeric not null',
    remaining: 'numeric not null check (remaining >= 0)',
    min_amount: 'numeric not null',
    max_amount: 'numeric not null',
    pay_kinds: 'jsonb not null',
    pay_window: 'integer not null',
    remark: "text not null default ''",
    status: "text not null default 'online'",
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'c2c_ad_list', 'c2c_ad', ['coin', 'fiat', 'side', 'status', 'price'])
  await index(db, 'c2c_ad_user', 'c2c_ad', ['user_id', 'id'])

  await table(db, 'c2c_order', {
    id: 'bigserial primary key',
    ad_id: 'bigint not null references c2c_ad (id)',
    maker_id: 'text not null references users (id)',
    taker_id: 'text not null references users (id)',
    buyer_id: 'text not null',
    seller_id: 'text not null',
    coin: 'text not null',
    fiat: 'text not null',
    price: 'numeric not null',
    quantity: 'numeric not null check (quantity > 0)',
    amount: 'numeric not null',
    status: "text not null default 'unpaid'",
    pay_window: 'integer not null',
    expires_at: 'timestamptz not null',
    payment: 'jsonb not null',
    proof_upload_id: 'text',
    paid_at: 'timestamptz',
    done_at: 'timestamptz',
    settled_to_buyer: 'numeric',
    buyer_read: 'bigint not null default 0',
    seller_read: 'bigint not null default 0',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'c2c_order_buyer', 'c2c_order', ['buyer_id', 'id'])
  await index(db, 'c2c_order_seller', 'c2c_order', ['seller_id', 'id'])
  await index(db, 'c2c_order_status', 'c2c_order', ['status', 'expires_at'])
  await index(db, 'c2c_order_ad', 'c2c_order', ['ad_id', 'status'])

  await table(db, 'c2c_message', {
    id: 'bigserial primary key',
    order_id: 'bigint not null references c2c_order (id)',
    sender: 'text not null',
    user_id: 'text',
    body: 'text not null',
    image_upload_id: 'text references upload (id)',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'c2c_message_order', 'c2c_message', ['order_id', 'id'])

  await table(db, 'c2c_appeal', {
    order_id: 'bigint primary key references c2c_order (id)',
    opened_by: 'text not null',
    opener_id: 'text not null',
    content: 'text not null',
    evidence: "jsonb not null default '[]'::jsonb",
    status: "text not null default 'open'",
    outcome: 'text',
    reason: 'text',
    suggest_to_buyer: 'numeric',
    suggest_reason: 'text',
    buyer_accept: 'boolean',
    seller_accept: 'boolean',
    decided_by: 'text',
    decided_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
  }).execute()

  // The help academy's C2C article now describes what exists.
  await rewriteArticle(db, ARTICLE)
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['c2c_appeal', 'c2c_message', 'c2c_order', 'c2c_ad', 'c2c_merchant', 'c2c_payment'])
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
