import { type AnyDb, dropTables, index, table } from './kit'

/** Web Push subscriptions (one per device), per-user push preferences and price alerts. */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'push_subscription', {
    id: 'bigserial primary key',
    user_id: 'text not null references users (id)',
    endpoint: 'text not null unique',
    p256dh: 'text not null',
    auth: 'text not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'push_subscription_user', 'push_subscription', ['user_id'])

  await table(db, 'push_pref', {
    user_id: 'text primary key references users (id)',
    price_alert: 'boolean not null default true',
    order_fill: 'boolean not null default true',
    notice: 'boolean not null default true',
    updated_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'price_alert', {
    id: 'bigserial primary key',
    user_id: 'text not null references users (id)',
    symbol: 'text not null',
    kind: 'text not null',
    value: 'numeric not null',
    base_price: 'numeric not null',
    // Fires when the price reaches `above` (>=) or `below` (<=); a move alert has both.
    above: 'numeric',
    below: 'numeric',
    status: "text not null default 'active'",
    fired_price: 'numeric',
    fired_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'price_alert_user', 'price_alert', ['user_id', 'id'])
  await index(db, 'price_alert_active', 'price_alert', ['status', 'symbol'])
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['price_alert', 'push_pref', 'push_subscription'])
}
