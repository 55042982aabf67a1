import { sql } from 'kysely'
import { type AnyDb, addHelpArticle, dropTables, index, table } from './kit'

/**
 * ETF products (issue 15): products, their orders, NAV history and rebalances. A product's units
 * are an asset of their own (asset code = product code) in the holders' `finance` account; the
 * `etf_desk` system account is the counterparty. A product is "launched" (its NAV reference set
 * at LAUNCH_NAV from the index prices) by the server once its prices are there, so the migration
 * needs no price.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'etf_product', {
    code: 'text primary key',
    name: 'text not null',
    kind: "text not null check (kind in ('basket', 'leveraged'))",
    underlying: 'text',
    leverage: 'numeric',
    // Basket: [{symbol, weight, units}]; units null until launched.
    components: "jsonb not null default '[]'::jsonb",
    // Leveraged: NAV and index at the last rebalance (null until launched).
    nav_reb: 'numeric',
    p_reb: 'numeric',
    rebalanced_at: 'timestamptz',
    status: "text not null default 'active' check (status in ('active', 'paused', 'closed'))",
    subscribe_fee: 'numeric not null',
    redeem_fee: 'numeric not null',
    min_amount: 'numeric not null',
    sort: 'integer not null default 0',
    // NAV paid to every holder when the product closed.
    close_nav: 'numeric',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'etf_order', {
    id: 'bigserial primary key',
    holder: 'text not null',
    product: 'text not null references etf_product (code)',
    side: "text not null check (side in ('subscribe', 'redeem', 'close'))",
    amount: 'numeric not null',
    units: 'numeric not null',
    nav: 'numeric not null',
    fee: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'etf_order_holder', 'etf_order', ['holder', 'id'])

  // One NAV point per product and minute slot (the scheduler's claim: a restart rewrites nothing).
  await table(db, 'etf_nav', {
    product: 'text not null references etf_product (code)',
    ts: 'bigint not null',
    nav: 'numeric not null',
  })
    .addPrimaryKeyConstraint('etf_nav_pk', ['product', 'ts'])
    .execute()

  // Every launch and rebalance; (product, slot) unique: a daily slot is claimed once, ever.
  await table(db, 'etf_rebalance', {
    id: 'bigserial primary key',
    product: 'text not null references etf_product (code)',
    kind: "text not null check (kind in ('launch', 'daily', 'intraday'))",
    slot: 'bigint not null',
    nav: 'numeric not null',
    price: 'numeric',
    components: 'jsonb',
    created_at: 'timestamptz not null default now()',
  })
    .addUniqueConstraint('etf_rebalance_slot', ['product', 'slot'])
    .execute()

  const products = [
    {
      code: 'TOP5',
      name: 'Crypto Top 5',
      kind: 'basket',
      components: [
        ['BTCUSDT', '0.4'],
        ['ETHUSDT', '0.25'],
        ['SOLUSDT', '0.15'],
        ['BNBUSDT', '0.1'],
        ['XRPUSDT', '0.1'],
      ],
    },
    {
      code: 'METALS',
      name: 'Precious Metals',
      kind: 'basket',
      components: [
        ['XAUUSD', '0.7'],
        ['XAGUSD', '0.3'],
      ],
    },
    { code: 'BTC3L', name: 'BTC 3x Long', kind: 'leveraged', underlying: 'BTCUSDT', leverage: '3' },
    { code: 'BTC3S', name: 'BTC 3x Short', kind: 'leveraged', underlying: 'BTCUSDT', leverage: '-3' },
    { code: 'ETH3L', name: 'ETH 3x Long', kind: 'leveraged', underlying: 'ETHUSDT', leverage: '3' },
    { code: 'ETH3S', name: 'ETH 3x Short', kind: 'leveraged', underlying: 'ETHUSDT', leverage: '-3' },
  ]
  let sort = 0
  for (const p of products)
    await db
      .insertInto('etf_product')
      .values({
        code: p.code,
        name: p.name,
        kind: p.kind,
        underlying: p.underlying ?? null,
        leverage: p.leverage ?? null,
        components: JSON.stringify(
          (p.components ?? []).map(([symbol, weight]) => ({ symbol, weight, units: null })),
        ),
        subscribe_fee: '0.001',
        redeem_fee: '0.001',
        min_amount: '10',
        sort: sort++,
      })
      .execute()

  // The help academy gets an ETF article.
  await addHelpArticle(db, 'trading', ARTICLE)
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from article where id in (select article_id from article_text where title = ${ARTICLE[0]?.[1] ?? ''})`.execute(
    db,
  )
  await dropTables(db, ['etf_rebalance', 'etf_nav', 'etf_order', 'etf_product'])
}

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'ETF products: baskets and 3x leveraged products',
    `ETF products let you hold a basket of coins or a leveraged exposure as one unit. You subscribe with USDT from your **finance account** and redeem units back to USDT, both at the current **net asset value (NAV)**. Move USDT to the finance account with a transfer first.

- **Baskets** (Crypto Top 5: BTC 40 %, ETH 25 %, SOL 15 %, BNB 10 %, XRP 10 %; Precious Metals: gold 70 %, silver 30 %): each unit holds fixed quantities u of every component, so NAV = sum of u x index price. Every day at 00:00 (UTC+8) the quantities are reset to the target weights at the current prices; this does not change NAV.
- **3x long / 3x short** on BTC and ETH: NAV = NAV at the last rebalance x (1 + L x (index / index at the last rebalance - 1)), with L = +3 or -3. They rebalance every day at 00:00 (UTC+8), and at once whenever the index has moved 15 % since the last rebalance. A rebalance never changes NAV; it resets the exposure to 3 x NAV.
- **Fees**: 0.1 % on subscription (taken from the amount before units are issued) and 0.1 % on redemption (taken from the USDT paid out). Units are rounded down to 6 decimals. There is no management fee.
- **NAV and prices** come only from the platform's index prices, never from a trade. The NAV chart and the 24 h change come from the recorded NAV history.
- **Pause and close**: operators may pause a product (no subscriptions or redemptions while paused) or close it; closing redeems every holder at the NAV of that moment, without a fee.

**Risk**: leveraged products lose value when the price swings up and down, even if it ends where it started (a move of +10 % then -10 % leaves a 3x long at 0.91 of its value), and a strong move against you can take most of the value in a day. They suit short-term views, not long holding.`,
  ],
  [
    'tw',
    'ETF 產品：一籃子與 3 倍槓桿產品',
    `ETF 產品讓您以一個單位持有一籃子幣種或槓桿部位。以**理財帳戶**中的 USDT 申購，並將單位贖回為 USDT，兩者皆按當前**淨值（NAV）**成交。請先以劃轉將 USDT 轉入理財帳戶。

- **一籃子**（加密前五：BTC 40%、ETH 25%、SOL 15%、BNB 10%、XRP 10%；貴金屬：黃金 70%、白銀 30%）：每個單位持有各成分的固定數量 u，淨值 = u x 指數價格之和。每天 00:00（UTC+8）按當前價格將數量重設為目標權重，此動作不改變淨值。
- **BTC 與 ETH 的 3 倍做多／3 倍做空**：淨值 = 上次再平衡時的淨值 x (1 + L x (指數 / 上次再平衡時的指數 - 1))，L = +3 或 -3。每天 00:00（UTC+8）再平衡，且指數自上次再平衡起變動達 15% 時立即再平衡。再平衡不改變淨值，只將曝險重設為 3 x 淨值。
- **手續費**：申購 0.1%（發行單位前自金額扣除），贖回 0.1%（自支付的 USDT 扣除）。單位數無條件捨去至 6 位小數。不收管理費。
- **淨值與價格**只來自平台的指數價格，從不取自成交價。淨值走勢圖與 24 小時漲跌來自記錄的淨值歷史。
- **暫停與下架**：營運人員可暫停產品（暫停期間不接受申購與贖回）或下架；下架時以當下淨值為所有持有人贖回，不收手續費。

**風險**：價格上下震盪時，即使回到原點，槓桿產品也會虧損（先漲 10% 再跌 10%，3 倍做多剩原值的 0.91），單日強烈的反向走勢可能使其損失大部分價值。適合短期觀點，不適合長期持有。`,
  ],
]
