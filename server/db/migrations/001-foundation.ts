import { type AnyDb, dropTables, table } from './kit'

export async function up(db: AnyDb): Promise<void> {
  await table(db, 'app_release', {
    id: 'serial primary key',
    version: 'text not null unique',
    notes: "text not null default ''",
    download_url: 'text',
    force_update: 'boolean not null default false',
    published_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'asset', {
    code: 'text primary key',
    name: 'text not null',
    precision: 'integer not null',
    color: 'text not null',
    sort: 'integer not null default 0',
    enabled: 'boolean not null default true',
  }).execute()

  await table(db, 'setting', {
    key: 'text primary key',
    value: 'jsonb not null',
    updated_at: 'timestamptz not null default now()',
  }).execute()

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
  await dropTables(db, ['setting', 'asset', 'app_release'])
}
