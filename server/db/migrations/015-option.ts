import { sql } from 'kysely'
import { type AnyDb, dropTables, index, rewriteArticle, table } from './kit'

/** Options on the major crypto pairs (the spot index of each), out of the box. */
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'DOGEUSDT']

/** Example settings per period (seconds): return rates, flat band (fraction of open), minimum, cut-off. */
const PERIODS: {
  period: number
  up: string
  down: string
  flat: string
  band: string
  min: string
  cutoff: number
}[] = [
  { period: 30, up: '0.8', down: '0.8', flat: '3', band: '0.00002', min: '10', cutoff: 5 },
  { period: 60, up: '0.82', down: '0.82', flat: '3', band: '0.00003', min: '10', cutoff: 10 },
  { period: 300, up: '0.85', down: '0.85', flat: '4', band: '0.00005', min: '20', cutoff: 30 },
  { period: 3600, up: '0.88', down: '0.88', flat: '5', band: '0.0001', min: '50', cutoff: 300 },
  { period: 86400, up: '0.9', down: '0.9', flat: '6', band: '0.0005', min: '100', cutoff: 3600 },
]

/**
 * Short-term options: settings per (symbol, period), the recorded index ticks (one per symbol and
 * second, the proof of every open and close price), rounds and orders. The pool is the system
 * account `option_pool`, funded from the treasury through the ledger when the service first starts.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'option_setting', {
    symbol: 'text not null references instrument (symbol)',
    period: 'integer not null',
    enabled: 'boolean not null default true',
    up_rate: 'numeric not null',
    down_rate: 'numeric not null',
    flat_rate: 'numeric not null',
    band: 'numeric not null',
    fee_rate: 'numeric not null',
    min_amount: 'numeric not null',
    cutoff: 'integer not null',
    updated_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('option_setting_pk', ['symbol', 'period'])
    .execute()
  const present = (await db
    .selectFrom('instrument')
    .select('symbol')
    .where('symbol', 'in', SYMBOLS)
    .execute()) as {
    symbol: string
  }[]
  for (const { symbol } of present)
    for (const p of PERIODS)
      await db
        .insertInto('option_setting')
        .values({
          symbol,
          period: p.period,
          up_rate: p.up,
          down_rate: p.down,
          flat_rate: p.flat,
          band: p.band,
          fee_rate: '0.002',
          min_amount: p.min,
          cutoff: p.cutoff,
        })
        .execute()

  // The index of each option symbol, one row per second (the last tick of that second).
  await table(db, 'option_tick', {
    symbol: 'text not null',
    sec: 'bigint not null',
    price: 'numeric not null',
    // Epoch ms of the tick itself.
    ts: 'bigint not null',
  })
    .addPrimaryKeyConstraint('option_tick_pk', ['symbol', 'sec'])
    .execute()

  await table(db, 'option_round', {
    id: 'bigserial primary key',
    symbol: 'text not null',
    period: 'integer not null',
    // Epoch seconds.
    start_at: 'bigint not null',
    cutoff_at: 'bigint not null',
    delivery_at: 'bigint not null',
    // Settings as they were when the round was created (changes apply to later rounds only).
    up_rate: 'numeric not null',
    down_rate: 'numeric not null',
    flat_rate: 'numeric not null',
    band_rate: 'numeric not null',
    fee_rate: 'numeric not null',
    min_amount: 'numeric not null',
    price_precision: 'integer not null',
    // open -> settling -> settled (or void: no recorded tick at a price second, everyone refunded).
    status: "text not null default 'open'",
    book_up: 'numeric not null default 0',
    book_down: 'numeric not null default 0',
    book_flat: 'numeric not null default 0',
    // Worst case for the pool (largest net payout of the three results), reserved against it.
    exposure: 'numeric not null default 0',
    orders: 'integer not null default 0',
    open_price: 'numeric',
    open_tick_at: 'bigint',
    close_price: 'numeric',
    close_tick_at: 'bigint',
    band: 'numeric',
    result: 'text',
    settled_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
  })
    .addUniqueConstraint('option_round_slot', ['symbol', 'period', 'start_at'])
    .execute()
  await sql`create index option_round_due on option_round (delivery_at) where status in ('open', 'settling')`.execute(
    db,
  )
  await index(db, 'option_round_listing', 'option_round', ['symbol', 'period', 'id'])

  await table(db, 'option_order', {
    id: 'bigserial primary key',
    holder: 'text not null',
    round_id: 'bigint not null references option_round (id)',
    symbol: 'text not null',
    period: 'integer not null',
    type: 'text not null',
    amount: 'numeric not null',
    fee: 'numeric not null',
    rate: 'numeric not null',
    // waiting (for delivery) -> settling -> settled.
    status: "text not null default 'waiting'",
    outcome: 'text',
    payout: 'numeric',
    created_at: 'timestamptz not null default now()',
    settled_at: 'timestamptz',
  }).execute()
  await index(db, 'option_order_holder', 'option_order', ['holder', 'id'])
  await index(db, 'option_order_round', 'option_order', ['round_id', 'id'])

  await rewriteArticle(db, ARTICLE, OLD_TITLE)
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['option_order', 'option_round', 'option_tick', 'option_setting'])
}

const OLD_TITLE = { en: 'Short-term options rules', tw: '短期期權規則' }

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'Short-term options rules',
    `An option asks one question: at delivery, will the index be **up**, **down** or **flat** compared with the start of the round?

- **Rounds**: each instrument (BTC, ETH, SOL, XRP, BNB, DOGE against USDT) runs rounds of 30 s, 1 min, 5 min, 1 h and 1 day, starting at fixed boundaries (days at 00:00 UTC+8). A round takes orders until its **cut-off** (e.g. 5 s before a 30 s round starts), then runs from its start to its **delivery**.
- **Prices**: the open price is the index at the start second, the close price the index at the delivery second, both taken from the index ticks the platform records every second (the last tick of that second, or of the 3 seconds before if the feed skipped it, never a later one). A round the server missed while it was down is settled later from the stored tick of its delivery second, never from a later price; if no tick was recorded for it, the round is void and everyone is refunded, fee included.
- **Result**: with the flat band B = open price x band rate, **up** wins when close > open + B, **down** when close < open - B, **flat** when the move is within B.
- **Money**: the amount (at least the period's minimum) and the fee (0.2 %) are taken from your option account when you buy; fund it with a transfer from your other accounts. A right call returns the amount plus amount x the return rate shown when you bought; a wrong call loses the amount. Rates and bands changed by the operator apply to later rounds only.
- **The pool**: winnings are paid from the option pool, which receives the losing amounts. It can never go below zero: when a round's worst case would exceed the pool, new orders on it are refused.
- **Proof**: every settled round shows its open and close prices with the exact tick times, the band and the result, so you can check it against the price history.

You cannot close an option early: it always runs to its delivery.`,
  ],
  [
    'tw',
    '短期期權規則',
    `期權只問一個問題：交割時，指數相較本輪開始時是**上漲**、**下跌**還是**持平**？

- **輪次**：每個標的（BTC、ETH、SOL、XRP、BNB、DOGE 兌 USDT）有 30 秒、1 分鐘、5 分鐘、1 小時與 1 天的輪次，於固定時間點開始（日輪次為 UTC+8 00:00）。每輪在**截止時間**前接受下單（例如 30 秒輪次開始前 5 秒），之後從開始運行至**交割**。
- **價格**：開盤價為開始那一秒的指數，收盤價為交割那一秒的指數，皆取自平台每秒記錄的指數報價（該秒最後一筆報價；若該秒漏記，取前 3 秒內最後一筆，絕不取之後的報價）。伺服器停機期間錯過的輪次，之後依交割那一秒已儲存的報價結算，絕不使用之後的價格；若沒有記錄，本輪作廢並全額退款（含手續費）。
- **結果**：持平區間 B = 開盤價 x 區間比例；收盤價 > 開盤價 + B 則**看漲**勝，收盤價 < 開盤價 - B 則**看跌**勝，變動在 B 之內則**持平**勝。
- **資金**：買入時自期權帳戶扣除金額（不低於該週期最低金額）與手續費（0.2%）；請先從其他帳戶劃轉。判斷正確返還金額加上金額 x 買入時顯示的收益率；判斷錯誤則損失該金額。營運方調整的收益率與區間只適用於之後的輪次。
- **資金池**：獲利自期權資金池支付，落敗的金額歸入資金池。資金池永遠不會低於零：當某輪最壞情況將超過資金池時，該輪拒絕新的下單。
- **證明**：每個已結算的輪次都公開開盤價與收盤價及其精確的報價時間、區間與結果，可對照價格歷史查核。

期權無法提前平倉：一律運行至交割。`,
  ],
]
