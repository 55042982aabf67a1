import { type AnyDb, dropTables, index, rewriteArticle, table } from './kit'

const INSTITUTION = 'Platform Lending Desk'

/** Example products of a fresh install (operators change them in the console): [coin, term, min, max, credit]. */
const PRODUCTS: [string, number, string, string, boolean][] = [
  ['USDT', 7, '100', '20000', false],
  ['USDT', 14, '100', '20000', false],
  ['USDT', 30, '100', '50000', false],
  ['USDT', 60, '100', '50000', false],
  ['USDT', 30, '1000', '200000', true],
  ['BTC', 7, '0.01', '2', false],
  ['BTC', 30, '0.01', '5', false],
  ['BTC', 60, '0.05', '10', true],
  ['ETH', 14, '0.1', '30', false],
  ['ETH', 60, '0.1', '80', false],
]

/**
 * The holiday table (a setting operators keep in the console): a due date on one of these days,
 * like one on a weekend, moves to the next business day (at most 3 days). Seeded with the fixed
 * public holidays of the next year; operators add the movable ones of their jurisdiction.
 */
const HOLIDAYS: [string, string][] = [
  ['2026-12-25', 'Christmas Day'],
  ['2027-01-01', "New Year's Day"],
  ['2027-05-01', 'Labour Day'],
  ['2027-10-01', 'National Day'],
  ['2027-12-25', 'Christmas Day'],
]

/** An operator's review of an application or a repayment (the kit's `reviewed`, in another order). */
const decision = { reject_reason: 'text', reviewer_id: 'text', reviewed_at: 'timestamptz' }

/**
 * Loans and the credit-loan program (issue 17): products, applications (which become loans once
 * approved and paid out), repayments (from the funding account, or on-chain with a voucher an
 * operator confirms) and the holiday table. The loan book is funded from the treasury by the
 * service on first start (a ledger entry), not here.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'loan_product', {
    id: 'bigserial primary key',
    coin: 'text not null',
    term_days: 'integer not null',
    monthly_rate: 'numeric not null',
    institution: 'text not null',
    min_amount: 'numeric not null',
    max_amount: 'numeric not null',
    credit: 'boolean not null default false',
    enabled: 'boolean not null default true',
    repay_chain: 'text',
    repay_address: 'text',
    sort: 'integer not null default 0',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  let sort = 0
  for (const [coin, term, min, max, credit] of PRODUCTS)
    await db
      .insertInto('loan_product')
      .values({
        coin,
        term_days: term,
        monthly_rate: '0.01',
        institution: INSTITUTION,
        min_amount: min,
        max_amount: max,
        credit,
        sort: sort++,
      })
      .execute()

  await table(db, 'loan_order', {
    id: 'bigserial primary key',
    user_id: 'text not null references users (id)',
    product_id: 'bigint not null references loan_product (id)',
    // The product's terms as they were when applying (operators may change the product later).
    coin: 'text not null',
    term_days: 'integer not null',
    monthly_rate: 'numeric not null',
    institution: 'text not null',
    credit: 'boolean not null',
    expected_amount: 'numeric not null',
    purpose: 'text not null',
    proofs: "jsonb not null default '[]'::jsonb",
    amount: 'numeric',
    interest: 'numeric not null default 0',
    penalty: 'numeric not null default 0',
    penalty_repaid: 'numeric not null default 0',
    repaid: 'numeric not null default 0',
    usd_value: 'numeric not null default 0',
    status: "text not null default 'reviewing'",
    ...decision,
    paid_at: 'timestamptz',
    due_day: 'text',
    due_at: 'timestamptz',
    extended_due_at: 'timestamptz',
    flagged: 'boolean not null default false',
    reminded: "jsonb not null default '[]'::jsonb",
    repaid_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'loan_order_user', 'loan_order', ['user_id', 'id'])
  await index(db, 'loan_order_status', 'loan_order', ['status', 'id'])

  await table(db, 'loan_repayment', {
    id: 'bigserial primary key',
    order_id: 'bigint not null references loan_order (id)',
    user_id: 'text not null',
    method: 'text not null',
    amount: 'numeric not null',
    status: 'text not null',
    voucher_upload_id: 'text references upload (id)',
    tx_hash: 'text',
    ...decision,
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'loan_repayment_order', 'loan_repayment', ['order_id', 'id'])
  await index(db, 'loan_repayment_status', 'loan_repayment', ['status', 'id'])

  await table(db, 'loan_holiday', {
    day: 'text primary key',
    name: "text not null default ''",
  }).execute()
  for (const [day, name] of HOLIDAYS) await db.insertInto('loan_holiday').values({ day, name }).execute()

  // The help academy's loans article now describes what exists.
  await rewriteArticle(db, ARTICLE)
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['loan_holiday', 'loan_repayment', 'loan_order', 'loan_product'])
}

const ARTICLE: [string, string, string][] = [
  [
    'en',
    'Loans',
    `Borrow **USDT, BTC or ETH** from the platform's lending desk (Assets > Loan). Every coin lent and repaid is an entry in your account records.

- **Terms**: 7, 14, 30 or 60 days. **Interest is 1 % per month** of the loan amount; part of a month counts as a full month (7, 14 and 30 days: 1 month; 60 days: 2 months). The daily rate shown is the term's interest per day, for comparing products.
- **Apply** with the amount you need (within the product's minimum and maximum), the term and the purpose. Repayment is a single payment when due. The **credit-loan program** lends larger amounts: it needs advanced identity verification and at least one proof document (income or asset proof in your name).
- **Review**: an operator approves (possibly a lower amount than asked) or rejects with a reason. An approved loan is paid into your funding account at once (the promise is within 24 hours).
- **Due date**: the end of the term, brought to the last 3 days of that month; a due date on a weekend or holiday moves 1 to 3 days later. Reminders arrive 3 days and 1 day before.
- **Repay** from your funding account, in part or in full, or by an on-chain payment to the repayment address shown (upload the voucher; an operator confirms it). Early repayment: a loan worth more than 3000 USD repays the same total as originally due; a smaller one repays only the interest of the months so far.
- **Overdue**: a loan not repaid when due is extended once by 7 days with a penalty of 2.5 % of the loan amount. If it is still not repaid, it becomes unpaid and customer service contacts you.
- **Withdrawal lock**: until the loan is repaid, the amount you still owe stays in your funding account: withdrawals, transfers to other accounts and flash exchange can only use what is above it.`,
  ],
  [
    'tw',
    '借貸',
    `可向平台借貸部借入 **USDT、BTC 或 ETH**（資產 > 借貸）。每筆借出與還款都會記入您的帳戶紀錄。

- **期限**：7、14、30 或 60 天。**月利率 1%**，以借款金額計；不足一個月以一個月計（7、14、30 天：1 個月；60 天：2 個月）。顯示的日利率為該期限每日的利息，方便比較產品。
- **申請**：填寫所需金額（在產品的最低與最高額度之間）、期限與用途。到期一次還款。**信用借貸計畫**可借較高金額：需完成高級身分認證，並上傳至少一份本人名下的收入或資產證明。
- **審核**：由客服人員核准（金額可能低於申請金額）或附理由駁回。核准後立即放款至您的資金帳戶（承諾 24 小時內）。
- **到期日**：期限結束後，落在當月的最後 3 天；遇週末或假日順延 1 至 3 天。到期前 3 天與 1 天會收到提醒。
- **還款**：可從資金帳戶部分或全部還款，或以鏈上轉帳至顯示的還款地址（上傳轉帳憑證，由客服確認）。提前還款：借款價值超過 3000 美元者，須償還原本到期的全部金額；較小的借款只需支付已經過月份的利息。
- **逾期**：到期未還的借款會自動展期一次 7 天，並加收借款金額 2.5% 的罰金。仍未還款者轉為未還款，客服將與您聯繫。
- **提幣鎖定**：借款還清前，尚欠的金額會留在資金帳戶中：提幣、劃轉至其他帳戶與閃兌只能使用超出的部分。`,
  ],
]
