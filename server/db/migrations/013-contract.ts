import { DEFAULT_TIERS_ALT, DEFAULT_TIERS_BTC } from '@common/contract/margin'
import { sql } from 'kysely'
import { type AnyDb, dropTables, index, orderIndexes, rewriteArticle, table } from './kit'

/** Quantity per lot of each perpetual (base coin). */
const LOTS: Record<string, string> = {
  BTCUSDT_PERP: '0.001',
  ETHUSDT_PERP: '0.01',
  SOLUSDT_PERP: '0.1',
  XRPUSDT_PERP: '10',
  BNBUSDT_PERP: '0.01',
  DOGEUSDT_PERP: '100',
}

/** Whose position on which perpetual, long or short (the key of contract_position). */
const position = { holder: 'text not null', symbol: 'text not null', side: 'text not null' }

/**
 * Perpetual contracts: per-instrument settings, orders, fills, positions (hedge mode: one long
 * and one short per holder and symbol), position history, funding rounds and payments,
 * liquidations. Money columns numeric; lots are whole numbers kept in numeric too.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'contract_setting', {
    symbol: 'text primary key references instrument (symbol)',
    lot_size: 'numeric not null',
    max_leverage: 'integer not null',
    // [{floor, mmr, maxLeverage}] ascending from 0; cum is derived (common/contract/margin.ts).
    tiers: 'jsonb not null',
    maker_fee: 'numeric not null',
    taker_fee: 'numeric not null',
    trading: 'boolean not null default true',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  const perps = await db
    .selectFrom('instrument')
    .select('symbol')
    .where('category', '=', 'perpetual')
    .execute()
  for (const { symbol } of perps as { symbol: string }[]) {
    const btc = symbol === 'BTCUSDT_PERP'
    await db
      .insertInto('contract_setting')
      .values({
        symbol,
        lot_size: LOTS[symbol] ?? '1',
        max_leverage: btc ? 100 : 50,
        tiers: JSON.stringify(btc ? DEFAULT_TIERS_BTC : DEFAULT_TIERS_ALT),
        maker_fee: '0.0002',
        taker_fee: '0.0005',
      })
      .execute()
  }

  await table(db, 'contract_order', {
    id: 'bigserial primary key',
    holder: 'text not null',
    symbol: 'text not null',
    // Position side: long | short.
    side: 'text not null',
    // open | close (reduce-only) | net (market makers: reduces the opposite side first).
    kind: 'text not null',
    type: 'text not null',
    source: 'text not null',
    price: 'numeric',
    lots: 'numeric not null',
    filled_lots: 'numeric not null default 0',
    filled_notional: 'numeric not null default 0',
    leverage: 'integer not null',
    // Initial margin plus fee still frozen for the unfilled part.
    locked: 'numeric not null default 0',
    fee: 'numeric not null default 0',
    realized_pnl: 'numeric not null default 0',
    maker_fee_rate: 'numeric not null',
    taker_fee_rate: 'numeric not null',
    status: 'text not null',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await orderIndexes(db, 'contract_order')

  await table(db, 'contract_fill', {
    id: 'bigserial primary key',
    order_id: 'bigint not null',
    ...position,
    kind: 'text not null',
    role: 'text not null',
    // buy | sell on the book (for the public trade list, from the taker's row).
    book_side: 'text not null',
    price: 'numeric not null',
    lots: 'numeric not null',
    qty: 'numeric not null',
    fee: 'numeric not null',
    realized_pnl: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'contract_fill_holder', 'contract_fill', ['holder', 'id'])
  await sql`create index contract_fill_trades on contract_fill (symbol, id) where role = 'taker'`.execute(db)

  await table(db, 'contract_position', {
    ...position,
    lots: 'numeric not null',
    max_lots: 'numeric not null',
    avg_price: 'numeric not null',
    // Position margin: held in the holder's contract account, frozen bucket.
    margin: 'numeric not null',
    leverage: 'integer not null',
    fee: 'numeric not null default 0',
    realized_pnl: 'numeric not null default 0',
    funding: 'numeric not null default 0',
    closed_lots: 'numeric not null default 0',
    closed_notional: 'numeric not null default 0',
    tp: 'numeric',
    sl: 'numeric',
    opened_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('contract_position_pk', ['holder', 'symbol', 'side'])
    .execute()

  await table(db, 'contract_position_history', {
    id: 'bigserial primary key',
    ...position,
    max_lots: 'numeric not null',
    avg_open_price: 'numeric not null',
    avg_close_price: 'numeric not null',
    realized_pnl: 'numeric not null',
    fee: 'numeric not null',
    funding: 'numeric not null',
    reason: 'text not null',
    opened_at: 'timestamptz not null',
    closed_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'contract_position_history_holder', 'contract_position_history', ['holder', 'id'])

  await table(db, 'contract_funding_round', {
    id: 'bigserial primary key',
    symbol: 'text not null',
    // The funding time (epoch ms): one round per symbol and time, the claim that makes it idempotent.
    ts: 'bigint not null',
    rate: 'numeric not null',
    mark_price: 'numeric not null',
    samples: 'integer not null default 0',
    created_at: 'timestamptz not null default now()',
  })
    .addUniqueConstraint('contract_funding_round_slot', ['symbol', 'ts'])
    .execute()

  await table(db, 'contract_funding_payment', {
    id: 'bigserial primary key',
    round_id: 'bigint not null references contract_funding_round (id)',
    ...position,
    lots: 'numeric not null',
    rate: 'numeric not null',
    mark_price: 'numeric not null',
    amount: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'contract_funding_payment_holder', 'contract_funding_payment', ['holder', 'id'])

  await table(db, 'contract_liquidation', {
    id: 'bigserial primary key',
    ...position,
    lots: 'numeric not null',
    index_price: 'numeric not null',
    close_price: 'numeric not null',
    loss: 'numeric not null',
    insurance_paid: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'contract_liquidation_holder', 'contract_liquidation', ['holder', 'id'])

  // The help academy's perpetuals article now describes what exists.
  await rewriteArticle(db, ARTICLE, OLD_TITLE)
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, [
    'contract_liquidation',
    'contract_funding_payment',
    'contract_funding_round',
    'contract_position_history',
    'contract_position',
    'contract_fill',
    'contract_order',
    'contract_setting',
  ])
}

const OLD_TITLE = { en: 'Perpetual contracts: margin and liquidation', tw: '永續合約：保證金與強制平倉' }

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'Perpetual contracts: margin and liquidation',
    `USDT perpetuals on BTC, ETH, SOL, XRP, BNB and DOGE follow the index price and never expire. They trade on their own order books; the platform's market makers quote around the index.

- **Lots and leverage**: an order is a number of lots (each lot is a fixed quantity of the coin, e.g. 0.001 BTC) and a leverage from 1x up to the contract's maximum (100x on BTC, 50x on the others; large positions allow less, by tier). The **initial margin** is notional / leverage; it and the taker fee are set aside from your contract account when you place the order. Fees: 0.02 % maker, 0.05 % taker.
- **Hedge mode, cross margin**: you can hold one long and one short on each contract. Your whole contract account backs all positions: margin balance = wallet balance + unrealized profit and loss.
- **Mark price = index price**: profit and loss, TP/SL and liquidation all use the index, never the last trade, so a thin book cannot liquidate you.
- **Funding** every 8 hours at 00:00, 08:00 and 16:00 (UTC+8): each minute the premium P = (book mid - index) / index is sampled; the rate is F = average P + clamp(0.01 % - average P, -0.05 %, +0.05 %), capped at 0.75 x the first maintenance rate. Positions open at that moment pay notional x F: longs pay shorts when F is positive, shorts pay longs when negative. The platform keeps nothing but rounding dust.
- **Liquidation**: maintenance margin = notional x rate - deduction, by tier (0.4 % on small BTC positions). When your margin balance falls to your total maintenance margin (risk rate 100 %), your open contract orders are cancelled and your positions closed at the market. What is left is yours; a loss beyond your balance is paid by the **risk protection (insurance) fund**, so your balance never goes negative. The estimated liquidation price is shown on each position.
- **Take-profit / stop-loss**: on a long, take-profit must be above both the open and the current price and stop-loss below both (the reverse for shorts). They trigger on the index and close the whole position at the market; they are cleared when the position closes.
- **Close, close all, reverse**: close a position at the market or with a limit order, all or part; close everything at once; or reverse (close and open the other side with the same lots, only if there is margin for both).

Use low leverage, set a stop-loss and never post margin you cannot afford to lose.`,
  ],
  [
    'tw',
    '永續合約：保證金與強制平倉',
    `BTC、ETH、SOL、XRP、BNB 與 DOGE 的 USDT 永續合約追蹤指數價格，沒有到期日，在各自的委託簿交易，平台做市商圍繞指數報價。

- **張數與槓桿**：下單以張數計（每張為固定數量的幣，例如 0.001 BTC），槓桿 1 倍至合約上限（BTC 100 倍，其他 50 倍；倉位越大，按階梯可用槓桿越低）。**初始保證金** = 名義價值 / 槓桿，下單時連同吃單手續費自合約帳戶預留。手續費：掛單 0.02%，吃單 0.05%。
- **雙向持倉、全倉保證金**：每個合約可同時持有一個多倉與一個空倉。整個合約帳戶為所有倉位擔保：保證金餘額 = 錢包餘額 + 未實現盈虧。
- **標記價格 = 指數價格**：盈虧、止盈止損與強平皆以指數計，不用最新成交價，委託簿稀薄也不會造成強平。
- **資金費率**每 8 小時於 00:00、08:00、16:00（UTC+8）結算：每分鐘取樣溢價 P = (委託簿中間價 - 指數) / 指數；費率 F = 平均 P + clamp(0.01% - 平均 P, -0.05%, +0.05%)，上限為第一檔維持保證金率的 0.75 倍。結算時持有的倉位支付 名義價值 x F：F 為正時多方付給空方，為負時空方付給多方。平台只保留進位零頭。
- **強制平倉**：維持保證金 = 名義價值 x 維持保證金率 - 速算扣除額（按階梯；BTC 小倉位 0.4%）。當保證金餘額降至全部維持保證金（風險率 100%），您的合約掛單會被撤銷，倉位以市價平倉。剩餘資金歸您；超出餘額的虧損由**風險保障（保險）基金**承擔，您的餘額永遠不會變成負數。每個倉位都顯示預估強平價。
- **止盈／止損**：多倉的止盈須高於開倉價與現價、止損須低於兩者（空倉相反）。以指數觸發，以市價平掉整個倉位；倉位平倉後自動清除。
- **平倉、一鍵平倉、一鍵反手**：以市價或限價平掉全部或部分倉位；一次平掉所有倉位；或反手（平倉並以相同張數開反向倉位，保證金足夠時才執行）。

請使用低槓桿、設定止損，切勿投入無法承受損失的保證金。`,
  ],
]
