import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { sql } from 'kysely'
import { postEntry, type Tx } from '../../ledger/ledger'
import { type AnyDb, addHelpArticle, dropTables, index, table } from './kit'

const DAY = 86_400_000

/**
 * Staking (pledge mining) products and orders with their daily rewards, coin subscription
 * projects and commitments. A fresh install gets example products and projects (one open, one in
 * preheat) and the rewards pools funded from the treasury through the ledger.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'staking_product', {
    id: 'bigserial primary key',
    asset: 'text not null references asset (code)',
    cycle_days: 'integer not null',
    rate: 'numeric not null',
    rate_kind: 'text not null',
    min_amount: 'numeric not null',
    max_amount: 'numeric not null',
    quota: 'numeric not null',
    staked: 'numeric not null default 0',
    early_redeem: 'boolean not null',
    status: "text not null default 'active'",
    sort: 'integer not null default 0',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'staking_order', {
    id: 'bigserial primary key',
    user_id: 'text not null',
    product_id: 'bigint not null references staking_product (id)',
    asset: 'text not null',
    amount: 'numeric not null',
    cycle_days: 'integer not null',
    rate: 'numeric not null',
    rate_kind: 'text not null',
    daily_reward: 'numeric not null',
    expected_reward: 'numeric not null',
    accrued: 'numeric not null default 0',
    accrued_days: 'integer not null default 0',
    early_redeem: 'boolean not null',
    status: "text not null default 'earning'",
    start_at: 'timestamptz not null',
    end_at: 'timestamptz not null',
    closed_at: 'timestamptz',
  }).execute()
  await index(db, 'staking_order_user', 'staking_order', ['user_id', 'id'])
  await sql`create index staking_order_earning on staking_order (asset, id) where status = 'earning'`.execute(
    db,
  )

  await table(db, 'staking_reward', {
    order_id: 'bigint not null references staking_order (id)',
    day: 'integer not null',
    amount: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  })
    // One payment per order and day: the claim that makes accrual idempotent.
    .addPrimaryKeyConstraint('staking_reward_pk', ['order_id', 'day'])
    .execute()

  await table(db, 'sub_project', {
    id: 'bigserial primary key',
    name: 'text not null',
    coin: 'text not null unique references asset (code)',
    coin_name: 'text not null',
    coin_precision: 'integer not null',
    description: 'jsonb not null',
    currency: 'text not null references asset (code)',
    price: 'numeric not null',
    supply: 'numeric not null',
    min_amount: 'numeric not null',
    max_amount: 'numeric not null',
    start_at: 'timestamptz not null',
    close_at: 'timestamptz not null',
    announce_at: 'timestamptz not null',
    listing_at: 'timestamptz not null',
    state: "text not null default 'preheat'",
    paused: 'boolean not null default false',
    committed: 'numeric not null default 0',
    participants: 'integer not null default 0',
    allocated: 'numeric',
    raised: 'numeric',
    announced_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'sub_commitment', {
    id: 'bigserial primary key',
    project_id: 'bigint not null references sub_project (id)',
    user_id: 'text not null',
    amount: 'numeric not null',
    coins: 'numeric',
    paid: 'numeric',
    refund: 'numeric',
    settled: 'boolean not null default false',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  })
    .addUniqueConstraint('sub_commitment_user', ['project_id', 'user_id'])
    .execute()
  await index(db, 'sub_commitment_mine', 'sub_commitment', ['user_id', 'id'])

  // Example staking products.
  const products: [string, number, string, 'annual' | 'daily', string, string, string, boolean][] = [
    ['USDT', 7, '0.05', 'annual', '100', '50000', '2000000', true],
    ['USDT', 30, '0.08', 'annual', '100', '100000', '5000000', false],
    ['USDT', 90, '0.0003', 'daily', '500', '200000', '5000000', false],
    ['BTC', 30, '0.03', 'annual', '0.001', '5', '100', true],
    ['ETH', 60, '0.045', 'annual', '0.01', '100', '2000', false],
  ]
  await db
    .insertInto('staking_product')
    .values(
      products.map(
        ([asset, cycle_days, rate, rate_kind, min_amount, max_amount, quota, early_redeem], i) => ({
          asset,
          cycle_days,
          rate,
          rate_kind,
          min_amount,
          max_amount,
          quota,
          early_redeem,
          sort: i,
        }),
      ),
    )
    .execute()

  // The rewards pools, funded from the treasury through the ledger.
  for (const [asset, amount] of [
    ['USDT', '500000'],
    ['BTC', '5'],
    ['ETH', '100'],
  ] as const)
    await postEntry(db as unknown as Tx, {
      reason: 'adjustment',
      memo: 'staking rewards pool: initial funding',
      postings: [
        { holder: SYSTEM_HOLDER, account: 'treasury', asset, bucket: 'available', amount: `-${amount}` },
        { holder: SYSTEM_HOLDER, account: 'staking_rewards', asset, bucket: 'available', amount },
      ],
    })

  // Example subscription projects: one open now, one in preheat. Their coins become assets.
  const now = Date.now()
  const day0 = now - (now % DAY)
  await db
    .insertInto('asset')
    .values([
      { code: 'NOVA', name: 'Nova Network', precision: 4, color: '#7b61ff', sort: 100 },
      { code: 'ORBT', name: 'Orbit Chain', precision: 4, color: '#00a3ff', sort: 101 },
    ])
    .execute()
  await db
    .insertInto('sub_project')
    .values([
      {
        name: 'Nova Network',
        coin: 'NOVA',
        coin_name: 'Nova Network',
        coin_precision: 4,
        description: JSON.stringify(NOVA),
        currency: 'USDT',
        price: '0.05',
        supply: '2000000',
        min_amount: '10',
        max_amount: '20000',
        start_at: new Date(day0 - DAY),
        close_at: new Date(day0 + 7 * DAY),
        announce_at: new Date(day0 + 8 * DAY),
        listing_at: new Date(day0 + 10 * DAY),
        state: 'open',
      },
      {
        name: 'Orbit Chain',
        coin: 'ORBT',
        coin_name: 'Orbit Chain',
        coin_precision: 4,
        description: JSON.stringify(ORBT),
        currency: 'USDT',
        price: '0.2',
        supply: '500000',
        min_amount: '20',
        max_amount: '10000',
        start_at: new Date(day0 + 5 * DAY),
        close_at: new Date(day0 + 12 * DAY),
        announce_at: new Date(day0 + 13 * DAY),
        listing_at: new Date(day0 + 15 * DAY),
        state: 'preheat',
      },
    ])
    .execute()

  // Help article.
  await addHelpArticle(db, 'funds', ARTICLE)
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, [
    'sub_commitment',
    'sub_project',
    'staking_reward',
    'staking_order',
    'staking_product',
  ])
}

const NOVA = {
  en: 'Nova Network is a layer-2 payment network for fast, low-fee stablecoin transfers. NOVA pays network fees and secures the validators.',
  tw: 'Nova Network 是一條專為快速、低手續費穩定幣轉帳打造的二層支付網路。NOVA 用於支付網路手續費並為驗證節點提供擔保。',
  zh: 'Nova Network 是一条专为快速、低手续费稳定币转账打造的二层支付网络。NOVA 用于支付网络手续费并为验证节点提供担保。',
}
const ORBT = {
  en: 'Orbit Chain connects decentralized apps across chains with one bridge. ORBT is used for bridge fees and governance votes.',
  tw: 'Orbit Chain 以單一跨鏈橋連接多條鏈上的去中心化應用。ORBT 用於跨鏈手續費與治理投票。',
  zh: 'Orbit Chain 以单一跨链桥连接多条链上的去中心化应用。ORBT 用于跨链手续费与治理投票。',
}

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'Staking and coin subscription',
    `Both live in your **finance account**: move funds there with **Transfer** (Assets > Transfer, to Finance).

**Staking (Financial)**
- Each product has a coin, a cycle in days, a rate (per year, or per day), a minimum and maximum per order and a total quota.
- Staking locks the amount in your finance account. Every full day a reward of amount x daily rate (the yearly rate / 365), rounded down to the coin's precision, is paid from the platform's rewards pool into the order; the expected reward is that daily reward x the cycle.
- An order is accepted only if the rewards pool can pay its whole reward on top of what it already owes, so rewards are always covered.
- At the end of the cycle the principal and all rewards are released to your finance account (state: completed).
- Early redemption is possible only on products that allow it: you get the principal back and forfeit every reward of that order.

**Coin subscription (Launch)**
- A project sells a fixed supply of a new coin at an issue price. States: preheat, open (you can commit), closed, result announced, each at the stored time.
- A commitment freezes the amount in your finance account; your total must stay within the per-user minimum and maximum.
- At the announcement: if the total committed is at most supply x price, everyone gets amount / price coins. Otherwise it is pro rata: supply x your commitment / total committed.
- Rounding: coins are rounded down to the coin's precision, so the total never exceeds the supply; you pay coins x price rounded up to the currency's smallest unit, and the rest of your commitment is refunded exactly.
- The coins are delivered to your finance account as a new asset, exactly once.`,
  ],
  [
    'tw',
    '質押挖礦與新幣申購',
    `兩者都在您的**理財帳戶**進行：請先以**劃轉**（資產 > 劃轉，轉入理財）把資金移入。

**質押挖礦（理財）**
- 每個產品有幣種、週期（天）、利率（年化或日利率）、每筆最小與最大數量，以及總額度。
- 質押會鎖定理財帳戶中的數量。每滿一天，平台收益池向訂單發放一筆收益：數量 x 日利率（年化利率 / 365），按幣種精度無條件捨去；預期收益 = 日收益 x 週期天數。
- 只有在收益池能在既有欠款之外支付該訂單全部收益時才會接受訂單，因此收益一定有保障。
- 週期結束時，本金與全部收益釋放回理財帳戶（狀態：已完成）。
- 只有允許提前贖回的產品可以提前贖回：取回本金，並放棄該訂單的全部收益。

**新幣申購**
- 每個項目以發行價出售固定數量的新幣。狀態：預熱、申購中（可認購）、已截止、已公布結果，皆按設定時間切換。
- 認購金額會凍結在理財帳戶；您的總額須在每人最小與最大額度之間。
- 公布結果時：若總認購額不超過 供應量 x 價格，每人獲得 金額 / 價格 枚幣；否則按比例分配：供應量 x 您的認購額 / 總認購額。
- 進位規則：幣數按幣種精度無條件捨去，總量絕不超過供應量；您支付 幣數 x 價格（按計價幣最小單位無條件進位），其餘認購額精確退還。
- 新幣以新資產的形式發放至您的理財帳戶，只發放一次。`,
  ],
]
