import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

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
  await db.schema
    .createTable('option_setting')
    .addColumn('symbol', 'text', (c) => c.notNull().references('instrument.symbol'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('up_rate', 'numeric', (c) => c.notNull())
    .addColumn('down_rate', 'numeric', (c) => c.notNull())
    .addColumn('flat_rate', 'numeric', (c) => c.notNull())
    .addColumn('band', 'numeric', (c) => c.notNull())
    .addColumn('fee_rate', 'numeric', (c) => c.notNull())
    .addColumn('min_amount', 'numeric', (c) => c.notNull())
    .addColumn('cutoff', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
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
  await db.schema
    .createTable('option_tick')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('sec', 'bigint', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    // Epoch ms of the tick itself.
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('option_tick_pk', ['symbol', 'sec'])
    .execute()

  await db.schema
    .createTable('option_round')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    // Epoch seconds.
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('cutoff_at', 'bigint', (c) => c.notNull())
    .addColumn('delivery_at', 'bigint', (c) => c.notNull())
    // Settings as they were when the round was created (changes apply to later rounds only).
    .addColumn('up_rate', 'numeric', (c) => c.notNull())
    .addColumn('down_rate', 'numeric', (c) => c.notNull())
    .addColumn('flat_rate', 'numeric', (c) => c.notNull())
    .addColumn('band_rate', 'numeric', (c) => c.notNull())
    .addColumn('fee_rate', 'numeric', (c) => c.notNull())
    .addColumn('min_amount', 'numeric', (c) => c.notNull())
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    // open -> settling -> settled (or void: no recorded tick at a price second, everyone refunded).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('book_up', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('book_down', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('book_flat', 'numeric', (c) => c.notNull().defaultTo(0))
    // Worst case for the pool (largest net payout of the three results), reserved against it.
    .addColumn('exposure', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_price', 'numeric')
    .addColumn('open_tick_at', 'bigint')
    .addColumn('close_price', 'numeric')
    .addColumn('close_tick_at', 'bigint')
    .addColumn('band', 'numeric')
    .addColumn('result', 'text')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('option_round_slot', ['symbol', 'period', 'start_at'])
    .execute()
  await sql`create index option_round_due on option_round (delivery_at) where status in ('open', 'settling')`.execute(
    db,
  )
  await db.schema
    .createIndex('option_round_listing')
    .on('option_round')
    .columns(['symbol', 'period', 'id'])
    .execute()

  await db.schema
    .createTable('option_order')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('round_id', 'bigint', (c) => c.notNull().references('option_round.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    // waiting (for delivery) -> settling -> settled.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('outcome', 'text')
    .addColumn('payout', 'numeric')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('option_order_holder').on('option_order').columns(['holder', 'id']).execute()
  await db.schema.createIndex('option_order_round').on('option_order').columns(['round_id', 'id']).execute()

  for (const [lang, title, body] of ARTICLE)
    await sql`update article_text set title = ${title}, body = ${body}
      where lang = ${lang} and title = ${OLD_TITLE[lang as 'en' | 'tw']}`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['option_order', 'option_round', 'option_tick', 'option_setting'])
    await db.schema.dropTable(t).execute()
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
