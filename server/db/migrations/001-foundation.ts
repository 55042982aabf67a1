import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('app_release')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull().unique())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('download_url', 'text')
    .addColumn('force_update', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('asset')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('precision', 'integer', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute()

  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.insertInto('app_release').values({ version: '1.0.0', notes: 'First release' }).execute()

  const assets: [string, string, number, string][] = [
    ['USDT', 'Tether USD', 6, '#26a17b'],
    ['BTC', 'Bitcoin', 8, '#f7931a'],
    ['ETH', 'Ethereum', 8, '#627eea'],
    ['SOL', 'Solana', 8, '#9945ff'],
    ['XRP', 'XRP', 6, '#23292f'],
    ['BNB', 'BNB', 8, '#f3ba2f'],
    ['DOGE', 'Dogecoin', 8, '#c2a633'],
    ['ADA', 'Cardano', 6, '#0033ad'],
    ['TRX', 'TRON', 6, '#eb0029'],
    ['LTC', 'Litecoin', 8, '#345d9d'],
    ['DOT', 'Polkadot', 8, '#e6007a'],
    ['LINK', 'Chainlink', 8, '#2a5ada'],
    ['AVAX', 'Avalanche', 8, '#e84142'],
  ]
  await db
    .insertInto('asset')
    .values(assets.map(([code, name, precision, color], i) => ({ code, name, precision, color, sort: i })))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('setting').execute()
  await db.schema.dropTable('asset').execute()
  await db.schema.dropTable('app_release').execute()
}
