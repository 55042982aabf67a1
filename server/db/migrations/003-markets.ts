import { sql } from 'kysely'
import { type AnyDb, candle, dropTables, table } from './kit'

/** Coins listed with this migration (logos are drawn from these colours). */
const NEW_COINS: [string, string, number, string][] = [
  ['BCH', 'Bitcoin Cash', 8, '#8dc351'],
  ['SHIB', 'Shiba Inu', 2, '#e42d04'],
  ['TON', 'Toncoin', 8, '#0098ea'],
  ['XLM', 'Stellar', 6, '#14b6e7'],
  ['UNI', 'Uniswap', 8, '#ff007a'],
  ['ATOM', 'Cosmos', 6, '#2e3148'],
  ['ETC', 'Ethereum Classic', 8, '#328332'],
  ['FIL', 'Filecoin', 8, '#0090ff'],
  ['NEAR', 'NEAR Protocol', 8, '#00c08b'],
  ['APT', 'Aptos', 8, '#06b6a4'],
  ['ARB', 'Arbitrum', 8, '#28a0f0'],
  ['OP', 'Optimism', 8, '#ff0420'],
]

// base, name, price dp, amount dp, reference price, annual volatility, daily quote turnover, hot
type Row = [string, string, number, number, string, string, string, boolean]

const SPOT: Row[] = [
  ['BTC', 'Bitcoin', 2, 6, '65000', '0.55', '1200000000', true],
  ['ETH', 'Ethereum', 2, 5, '3200', '0.65', '600000000', true],
  ['SOL', 'Solana', 3, 3, '150', '0.85', '250000000', true],
  ['XRP', 'XRP', 4, 1, '0.55', '0.8', '120000000', true],
  ['BNB', 'BNB', 2, 4, '580', '0.55', '80000000', true],
  ['DOGE', 'Dogecoin', 5, 0, '0.15', '0.95', '100000000', true],
  ['ADA', 'Cardano', 4, 1, '0.45', '0.85', '40000000', false],
  ['TRX', 'TRON', 5, 0, '0.12', '0.5', '30000000', false],
  ['LTC', 'Litecoin', 2, 4, '80', '0.7', '30000000', false],
  ['DOT', 'Polkadot', 3, 2, '7', '0.8', '25000000', false],
  ['LINK', 'Chainlink', 3, 2, '15', '0.85', '30000000', false],
  ['AVAX', 'Avalanche', 3, 2, '35', '0.9', '30000000', false],
  ['BCH', 'Bitcoin Cash', 2, 4, '450', '0.75', '20000000', false],
  ['SHIB', 'Shiba Inu', 8, 0, '0.000025', '1', '30000000', false],
  ['TON', 'Toncoin', 3, 2, '6', '0.75', '20000000', false],
  ['XLM', 'Stellar', 5, 0, '0.11', '0.7', '10000000', false],
  ['UNI', 'Uniswap', 3, 2, '9', '0.9', '15000000', false],
  ['ATOM', 'Cosmos', 3, 2, '8', '0.8', '12000000', false],
  ['ETC', 'Ethereum Classic', 3, 2, '25', '0.8', '12000000', false],
  ['FIL', 'Filecoin', 3, 2, '5', '0.9', '10000000', false],
  ['NEAR', 'NEAR Protocol', 3, 2, '6', '0.9', '15000000', false],
  ['APT', 'Aptos', 3, 2, '8', '0.95', '12000000', false],
  ['ARB', 'Arbitrum', 4, 1, '0.9', '0.95', '15000000', false],
  ['OP', 'Optimism', 4, 1, '2', '0.95', '12000000', false],
]
const PERP_BASES = ['BTC', 'ETH', 'SOL', 'XRP', 'BNB', 'DOGE']

// symbol, base, quote, name, price dp, amount dp, reference price, volatility, turnover, colour
type OtherRow = [string, string, string, string, number, number, string, string, string, string]
const METALS: OtherRow[] = [
  ['XAUUSD', 'XAU', 'USD', 'Gold', 2, 3, '2350', '0.15', '500000000', '#d4af37'],
  ['XAGUSD', 'XAG', 'USD', 'Silver', 3, 2, '29', '0.25', '100000000', '#a8a9ad'],
]
const STOCKS: OtherRow[] = [
  ['AAPLUSD', 'AAPL', 'USD', 'Apple', 2, 2, '190', '0.28', '90000000', '#555555'],
  ['TSLAUSD', 'TSLA', 'USD', 'Tesla', 2, 2, '180', '0.55', '120000000', '#cc0000'],
  ['NVDAUSD', 'NVDA', 'USD', 'NVIDIA', 2, 2, '120', '0.5', '150000000', '#76b900'],
  ['MSFTUSD', 'MSFT', 'USD', 'Microsoft', 2, 2, '420', '0.25', '80000000', '#00a4ef'],
  ['AMZNUSD', 'AMZN', 'USD', 'Amazon', 2, 2, '185', '0.3', '70000000', '#ff9900'],
  ['GOOGLUSD', 'GOOGL', 'USD', 'Alphabet', 2, 2, '170', '0.3', '60000000', '#4285f4'],
  ['METAUSD', 'META', 'USD', 'Meta Platforms', 2, 2, '500', '0.4', '60000000', '#0668e1'],
]
const FOREX: OtherRow[] = [
  ['EURUSD', 'EUR', 'USD', 'Euro / US Dollar', 5, 2, '1.085', '0.07', '400000000', '#003399'],
  ['GBPUSD', 'GBP', 'USD', 'British Pound / US Dollar', 5, 2, '1.27', '0.08', '250000000', '#c8102e'],
  ['USDJPY', 'USD', 'JPY', 'US Dollar / Japanese Yen', 3, 2, '155', '0.09', '300000000', '#3c3b6e'],
  ['AUDUSD', 'AUD', 'USD', 'Australian Dollar / US Dollar', 5, 2, '0.66', '0.1', '120000000', '#00843d'],
  ['USDCHF', 'USD', 'CHF', 'US Dollar / Swiss Franc', 5, 2, '0.9', '0.07', '90000000', '#3c3b6e'],
  ['USDCAD', 'USD', 'CAD', 'US Dollar / Canadian Dollar', 5, 2, '1.36', '0.06', '90000000', '#3c3b6e'],
]

const minAmount = (dp: number) => (dp === 0 ? '1' : `0.${'0'.repeat(dp - 1)}1`)

export async function up(db: AnyDb): Promise<void> {
  await table(db, 'instrument', {
    symbol: 'text primary key',
    category: "text not null check (category in ('spot', 'perpetual', 'metals', 'stocks', 'forex'))",
    base: 'text not null',
    quote: 'text not null',
    name: 'text not null',
    price_precision: 'integer not null',
    amount_precision: 'integer not null',
    min_amount: 'numeric not null',
    min_notional: 'numeric not null',
    status: "text not null default 'trading' check (status in ('trading', 'suspended'))",
    hot: 'boolean not null default false',
    logo_color: 'text not null',
    sort: 'integer not null',
    // Parameters of the default simulated index feed: where a fresh install starts, how much the
    // price moves (annualised) and the reference market's daily turnover in the quote currency.
    ref_price: 'numeric not null',
    volatility: 'numeric not null',
    ref_turnover: 'numeric not null',
  }).execute()

  await table(db, 'candle', candle)
    .addPrimaryKeyConstraint('candle_pk', ['symbol', 'period', 'open_time'])
    .execute()

  await table(db, 'favorite', {
    user_id: 'text not null references users (id) on delete cascade',
    symbol: 'text not null references instrument (symbol)',
    created_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('favorite_pk', ['user_id', 'symbol'])
    .execute()

  const maxSort = await db
    .selectFrom('asset')
    .select(sql<number>`coalesce(max(sort), 0)`.as('m'))
    .executeTakeFirstOrThrow()
  await db
    .insertInto('asset')
    .values(
      NEW_COINS.map(([code, name, precision, color], i) => ({
        code,
        name,
        precision,
        color,
        sort: Number(maxSort.m) + 1 + i,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
  const colors = new Map(
    (await db.selectFrom('asset').select(['code', 'color']).execute()).map((a) => [a.code, a.color]),
  )

  const rows: Record<string, unknown>[] = []
  let sort = 0
  const crypto = (r: Row, perp: boolean) => {
    const [base, name, pp, ap, ref, vol, turnover, hot] = r
    rows.push({
      symbol: perp ? `${base}USDT_PERP` : `${base}USDT`,
      category: perp ? 'perpetual' : 'spot',
      base,
      quote: 'USDT',
      name,
      price_precision: pp,
      amount_precision: ap,
      min_amount: minAmount(ap),
      min_notional: '5',
      hot: hot && !perp,
      logo_color: colors.get(base) ?? '#6b7280',
      sort: sort++,
      ref_price: ref,
      volatility: vol,
      ref_turnover: perp ? String(Number(turnover) * 3) : turnover,
    })
  }
  for (const r of SPOT) crypto(r, false)
  for (const r of SPOT.filter((s) => PERP_BASES.includes(s[0]))) crypto(r, true)
  const other = (category: string, list: OtherRow[], hotSymbols: string[]) => {
    for (const [symbol, base, quote, name, pp, ap, ref, vol, turnover, color] of list) {
      rows.push({
        symbol,
        category,
        base,
        quote,
        name,
        price_precision: pp,
        amount_precision: ap,
        min_amount: minAmount(ap),
        min_notional: category === 'forex' ? '10' : '5',
        hot: hotSymbols.includes(symbol),
        logo_color: color,
        sort: sort++,
        ref_price: ref,
        volatility: vol,
        ref_turnover: turnover,
      })
    }
  }
  other('metals', METALS, ['XAUUSD'])
  other('stocks', STOCKS, ['NVDAUSD', 'TSLAUSD'])
  other('forex', FOREX, ['EURUSD'])
  await db.insertInto('instrument').values(rows).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['favorite', 'candle', 'instrument'])
  await db
    .deleteFrom('asset')
    .where(
      'code',
      'in',
      NEW_COINS.map((c) => c[0]),
    )
    .execute()
}
