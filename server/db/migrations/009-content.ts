import { sql } from 'kysely'
import { type AnyDb, dropTables, index, table } from './kit'

/**
 * Over 400 lines on purpose: a migration is frozen history (it never changes once shipped), and
 * most of this one is the starting articles' text.
 *
 * Content: articles (news, notices, help academy, service pages, terms, privacy, whitepaper) with a
 * title and Markdown body per language, personal notifications, and which notices a user has read.
 * Starts with a help academy and a welcome notice in English and Traditional Chinese.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'article', {
    id: 'bigserial primary key',
    type: 'text not null',
    category: "text not null default ''",
    status: "text not null default 'draft'",
    pinned: 'boolean not null default false',
    cover_upload_id: 'text references upload (id)',
    publish_at: 'timestamptz',
    sort: 'integer not null default 0',
    created_by: 'text',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'article_listing', 'article', ['type', 'status', 'category', 'pinned', 'publish_at'])

  await table(db, 'article_text', {
    article_id: 'bigint not null references article (id) on delete cascade',
    lang: 'text not null',
    title: 'text not null',
    body: 'text not null',
  })
    .addPrimaryKeyConstraint('article_text_pk', ['article_id', 'lang'])
    .execute()

  await table(db, 'notification', {
    id: 'bigserial primary key',
    user_id: 'text not null references users (id)',
    title: 'text not null',
    body: 'text not null',
    read_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'notification_user', 'notification', ['user_id', 'id'])

  await table(db, 'notice_read', {
    user_id: 'text not null references users (id)',
    article_id: 'bigint not null references article (id) on delete cascade',
    read_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('notice_read_pk', ['user_id', 'article_id'])
    .execute()

  let sort = 0
  for (const a of STARTER) {
    const row = await db
      .insertInto('article')
      .values({
        type: a.type,
        category: a.category ?? '',
        status: 'published',
        pinned: a.pinned ?? false,
        publish_at: sql`now()`,
        sort: sort++,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [lang, text] of Object.entries(a.texts))
      await db
        .insertInto('article_text')
        .values({ article_id: row.id, lang, title: text.title, body: text.body })
        .execute()
  }
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['notice_read', 'notification', 'article_text', 'article'])
}

interface Starter {
  type: string
  category?: string
  pinned?: boolean
  texts: Record<'en' | 'tw', { title: string; body: string }>
}

const STARTER: Starter[] = [
  {
    type: 'notice',
    pinned: true,
    texts: {
      en: {
        title: 'Welcome to Open Exchange',
        body: `Welcome! Before your first trade:

1. **Secure your account**: set a trade password and turn on Google authenticator (Mine -> Security centre).
2. **Verify your identity** (Mine -> Identity verification) so deposits and withdrawals are not held up.
3. **Read the help academy**: deposits, withdrawals, order types and fees are explained in a few minutes each.

Staff will never ask for your password, verification codes or trade password. Check the anti-phishing code in every e-mail from us.`,
      },
      tw: {
        title: '歡迎來到 Open Exchange',
        body: `歡迎！在您第一筆交易之前：

1. **保護您的帳戶**：設定資金密碼並開啟谷歌驗證（我的 -> 安全中心）。
2. **完成身分認證**（我的 -> 身分認證），以免充值與提幣被延誤。
3. **閱讀幫助學院**：充值、提幣、訂單類型與手續費，每篇幾分鐘即可讀完。

工作人員絕不會向您索取登入密碼、驗證碼或資金密碼。請核對我們每封郵件中的防釣魚碼。`,
      },
    },
  },
  {
    type: 'news',
    texts: {
      en: {
        title: 'Open Exchange is live',
        body: `Spot trading on 24 crypto pairs against USDT is open, with limit and market orders and a 0.1 % maker and taker fee. Gold, silver, stocks and forex prices are shown for reference.

Deposits and withdrawals are reviewed by our operators; see the help academy for each step.`,
      },
      tw: {
        title: 'Open Exchange 正式上線',
        body: `24 個對 USDT 的加密貨幣現貨交易對已開放，支援限價單與市價單，掛單與吃單手續費均為 0.1%。黃金、白銀、股票與外匯價格僅供參考。

充值與提幣由我們的營運人員審核；每個步驟請見幫助學院。`,
      },
    },
  },
  {
    type: 'service',
    texts: {
      en: {
        title: 'Contact customer service',
        body: `Write to our support team from the app or by e-mail. Tell us your UID (Mine page), what you were doing and any order or transaction number.

We answer within one working day. We will **never** ask for your password, verification codes, trade password or Google authenticator key.`,
      },
      tw: {
        title: '聯絡客服',
        body: `您可在應用程式內或透過電子郵件聯絡客服團隊。請提供您的 UID（「我的」頁面）、當時的操作，以及相關的訂單或交易編號。

我們會在一個工作日內回覆。我們**絕不會**向您索取登入密碼、驗證碼、資金密碼或谷歌驗證金鑰。`,
      },
    },
  },
  {
    type: 'service',
    texts: {
      en: {
        title: 'Fee schedule',
        body: `| Service | Fee |
|---|---|
| Spot maker / taker | 0.1 % / 0.1 % (per market, shown on the order form) |
| Flash exchange | 0.1 % fee plus a 0.2 % spread on the index rate |
| Deposit | free |
| Withdrawal | a fixed fee per coin and chain, shown before you confirm and deducted from the amount |`,
      },
      tw: {
        title: '費率表',
        body: `| 服務 | 費用 |
|---|---|
| 現貨掛單 / 吃單 | 0.1% / 0.1%（依市場而定，下單頁面會顯示） |
| 閃兌 | 0.1% 手續費，另加指數匯率 0.2% 價差 |
| 充值 | 免費 |
| 提幣 | 依幣種與鏈收取固定費用，確認前顯示，並從提幣數量中扣除 |`,
      },
    },
  },
  help('funds', {
    en: [
      'How to deposit',
      `1. Go to **Assets -> Deposit**, choose the coin and the chain. Only deposit on the chain you chose: coins sent on another network can be lost.
2. Copy the platform address (or scan the QR code) and send the coins from your wallet.
3. Back in the app, enter the amount you sent and upload a **payment proof** (a screenshot of the transfer showing the transaction hash).
4. The deposit is **under review** until an operator checks the proof against the chain. Once credited, the coins appear in your funding account; if it is rejected, you will see the reason in the deposit record.

If a coin shows "deposits are not open", do not send it: the platform has no address for it yet.`,
    ],
    tw: [
      '如何充值',
      `1. 前往 **資產 -> 充值**，選擇幣種與鏈。只能在所選的鏈上充值：透過其他網路發送的幣可能會遺失。
2. 複製平台地址（或掃描 QR 碼），從您的錢包發送。
3. 回到應用程式，輸入發送的數量並上傳**付款憑證**（顯示交易雜湊的轉帳截圖）。
4. 在營運人員根據鏈上紀錄核對憑證前，充值狀態為**審核中**。入帳後幣會出現在資金帳戶；若被拒絕，可在充值紀錄中看到原因。

若某幣種顯示「充值未開放」，請勿發送：平台尚未提供該幣的地址。`,
    ],
  }),
  help('funds', {
    en: [
      'How to withdraw',
      `1. Go to **Assets -> Withdraw**, choose the coin and chain and enter the address. The app checks the address format for that chain.
2. Enter the amount. The **fee is deducted from the amount**: you see what will arrive before you confirm. Amounts below the coin's minimum are refused.
3. Confirm with your **trade password** and the second checks you have turned on (SMS, e-mail or Google authenticator).
4. The amount is frozen until an operator sends it. If the request is rejected, the frozen amount returns to your funding account.

Tip: with **address-book-only** mode on, withdrawals can only go to addresses you saved beforehand.`,
    ],
    tw: [
      '如何提幣',
      `1. 前往 **資產 -> 提幣**，選擇幣種與鏈並輸入地址。應用程式會依該鏈檢查地址格式。
2. 輸入數量。**手續費從提幣數量中扣除**：確認前您會看到實際到帳數量。低於該幣最低提幣量的申請會被拒絕。
3. 以**資金密碼**及您已開啟的二次驗證（簡訊、郵件或谷歌驗證）確認。
4. 在營運人員付款前，該數量會被凍結。若申請被拒絕，凍結的數量會退回資金帳戶。

提示：開啟**僅限地址簿**模式後，只能提幣到事先儲存的地址。`,
    ],
  }),
  help('trading', {
    en: [
      'Spot order types: limit and market',
      `- **Limit order**: you set the price and amount. A buy fills at your price or lower, a sell at your price or higher. What does not fill at once waits in the order book until it fills or you cancel it. The funds for an open order are frozen.
- **Market order**: fills at once against the best prices in the book. A market buy spends a USDT amount (fee included); a market sell sells an amount of the coin. Whatever the book cannot fill right away is dropped, not left waiting.

Fees are 0.1 % for makers and takers by default and are paid in the quote currency. Open orders, history and fills are under **Assets -> Trade record**.`,
    ],
    tw: [
      '現貨訂單類型：限價單與市價單',
      `- **限價單**：由您設定價格與數量。買單以您的價格或更低成交，賣單以您的價格或更高成交。未立即成交的部分會留在委託簿中，直到成交或您撤單。掛單所需資金會被凍結。
- **市價單**：立即以委託簿中的最佳價格成交。市價買入花費一個 USDT 金額（含手續費）；市價賣出賣出一定數量的幣。委託簿無法立即成交的部分會被取消，不會掛單等待。

手續費預設為掛單與吃單 0.1%，以計價幣支付。當前委託、歷史與成交明細見 **資產 -> 交易紀錄**。`,
    ],
  }),
  help('trading', {
    en: [
      'Perpetual contracts: margin and liquidation',
      `A perpetual contract follows an index price and never expires. You post **margin** and open a position larger than the margin through leverage.

- Your **profit or loss** moves with the index: at 10x leverage a 1 % move is a 10 % change on your margin.
- When losses eat the margin down to the maintenance level, the position is **liquidated** at the estimated liquidation price shown on the position, and the margin is lost.
- Take-profit on a long must be above both the open and the current price, stop-loss below both (the reverse for shorts).

Use low leverage, set a stop-loss and never post margin you cannot afford to lose.`,
    ],
    tw: [
      '永續合約：保證金與強制平倉',
      `永續合約追蹤指數價格，沒有到期日。您存入**保證金**，透過槓桿開出大於保證金的倉位。

- **盈虧**隨指數變動：10 倍槓桿下，價格變動 1% 即是保證金變動 10%。
- 當虧損使保證金降至維持水準，倉位會在倉位上顯示的預估強平價被**強制平倉**，保證金將損失。
- 多單的止盈須高於開倉價與現價，止損須低於兩者（空單相反）。

請使用低槓桿、設定止損，切勿投入無法承受損失的保證金。`,
    ],
  }),
  help('trading', {
    en: [
      'Short-term options rules',
      `An option asks one question: at expiry, will the price be **up**, **down** or **flat** compared with the price when you bought?

- Choose the instrument, the period (the countdown) and the amount. Amounts below the minimum are refused.
- At expiry the option settles against the index price. A right call pays the stated return; a wrong call loses the amount. The option fee is charged when you buy.
- You cannot close an option early: it always runs to the end of its countdown.`,
    ],
    tw: [
      '短期期權規則',
      `期權只問一個問題：到期時，價格相較買入時是**上漲**、**下跌**還是**持平**？

- 選擇標的、週期（倒數計時）與金額。低於最低金額的下單會被拒絕。
- 到期時依指數價格結算。判斷正確可獲得標示的收益；判斷錯誤則損失該金額。買入時收取期權手續費。
- 期權無法提前平倉：一律運行至倒數結束。`,
    ],
  }),
  help('trading', {
    en: [
      'C2C trading safely',
      `In C2C you buy or sell coins with another user for fiat money. The coins of the seller are held by the platform until the trade completes.

- **Buyers**: pay within **20 minutes**, only to the payment method shown in the order, and only then tap "I have paid". Never pay outside the order.
- **Sellers**: release the coins only after the money is **in your account** — not on a screenshot.
- Keep all talk in the order chat. Nobody from the platform will ask you to pay or release outside it.
- If something is wrong, open an **appeal** with the evidence; customer service decides.`,
    ],
    tw: [
      '安全進行 C2C 交易',
      `C2C 讓您與其他用戶以法幣買賣幣。賣方的幣在交易完成前由平台保管。

- **買方**：請在 **20 分鐘**內、只透過訂單顯示的付款方式付款，付款後再點「我已付款」。切勿在訂單外付款。
- **賣方**：只有在款項**確實入帳**後才放幣——不要只看截圖。
- 所有溝通都在訂單聊天中進行。平台人員不會要求您在訂單外付款或放幣。
- 如有問題，請附上證據提出**申訴**，由客服裁決。`,
    ],
  }),
  help('security', {
    en: [
      'Account security and two-factor authentication',
      `- Use a long, unique **login password**, and a separate 6-digit **trade password** (needed for withdrawals).
- Turn on **Google authenticator** in the security centre and scan the key with an authenticator app. Keep the backup key offline.
- Turn on SMS or e-mail checks at login, and review **devices** and **login history** regularly; revoke any device you do not recognise.
- If you think someone has your password, change it at once: your other sessions are signed out.`,
    ],
    tw: [
      '帳戶安全與雙重驗證',
      `- 使用足夠長且獨一無二的**登入密碼**，以及另外的 6 位數**資金密碼**（提幣時需要）。
- 在安全中心開啟**谷歌驗證**，並以驗證器應用程式掃描金鑰。備份金鑰請離線保存。
- 開啟登入時的簡訊或郵件驗證，並定期查看**裝置**與**登入紀錄**；撤銷任何您不認得的裝置。
- 若懷疑密碼外洩，請立即更改：您的其他登入階段會被登出。`,
    ],
  }),
  help('security', {
    en: [
      'Recognising phishing',
      `- Set an **anti-phishing code** in the security centre: every genuine e-mail from us shows it. No code, no trust.
- Always open the app from your home screen or by typing the address; do not follow links in messages.
- We never ask for your password, verification codes, trade password or authenticator key — by phone, chat or e-mail.
- "Support" that contacts you first, urgent warnings, and offers that double your coins are scams.`,
    ],
    tw: [
      '辨識釣魚詐騙',
      `- 在安全中心設定**防釣魚碼**：我們寄出的每封真實郵件都會顯示它。沒有防釣魚碼就不要相信。
- 請從主畫面或手動輸入網址開啟應用程式；不要點擊訊息中的連結。
- 我們絕不會透過電話、聊天或郵件向您索取密碼、驗證碼、資金密碼或驗證器金鑰。
- 主動聯絡您的「客服」、緊急警告，以及讓幣翻倍的優惠，都是詐騙。`,
    ],
  }),
  help('funds', {
    en: [
      'Fees',
      `- **Spot**: 0.1 % maker and 0.1 % taker by default, paid in the quote currency. The exact rate of each market is on its order form.
- **Flash exchange**: a 0.1 % fee plus a 0.2 % spread on the index cross rate; a quote is valid for 15 seconds.
- **Deposits** are free.
- **Withdrawals**: a fixed fee per coin and chain, deducted from the amount you withdraw and shown before you confirm.
- Transfers between your own accounts are free.`,
    ],
    tw: [
      '手續費',
      `- **現貨**：預設掛單 0.1%、吃單 0.1%，以計價幣支付。各市場的實際費率見其下單頁面。
- **閃兌**：0.1% 手續費，另加指數交叉匯率 0.2% 價差；報價有效 15 秒。
- **充值**免費。
- **提幣**：依幣種與鏈收取固定費用，從提幣數量中扣除，確認前顯示。
- 您自己的帳戶之間劃轉免費。`,
    ],
  }),
  help('account', {
    en: [
      'VIP tiers',
      `VIP tiers follow your total assets in USDT:

| Tier | Total assets |
|---|---|
| Gold | 300,000 USDT |
| Diamond | 1,000,000 USDT |
| Premium | 3,000,000 USDT |

The snapshot covers each day from 00:00 to 24:00 (UTC+8), and tiers are updated between 00:00 and 08:00. If your assets stay below your tier for 7 days, the special fee ends.`,
    ],
    tw: [
      'VIP 等級',
      `VIP 等級依您以 USDT 計的總資產而定：

| 等級 | 總資產 |
|---|---|
| 黃金 | 300,000 USDT |
| 鑽石 | 1,000,000 USDT |
| 尊享 | 3,000,000 USDT |

快照涵蓋每日 00:00 至 24:00（UTC+8），等級於 00:00 至 08:00 間更新。若資產連續 7 天低於所屬等級，特別費率即會取消。`,
    ],
  }),
  help('account', {
    en: [
      'Referral programme',
      `Share your **referral code** or link (Mine page). A friend enters it when registering — it is optional and cannot be added later.

Partners earn rebates on their referrals' trading fees; the rate grows with the partner's rank. Rebates are paid into your account and listed in your bills. Creating accounts for yourself to collect rebates is not allowed and forfeits them.`,
    ],
    tw: [
      '推薦計畫',
      `分享您的**邀請碼**或連結（「我的」頁面）。朋友在註冊時填寫——邀請碼為選填，註冊後無法補填。

合夥人可從被邀請人的交易手續費中獲得返佣，比例隨合夥人等級提高。返佣會發放至您的帳戶並列入帳單。為自己建立帳戶以賺取返佣是不允許的，相關返佣將被取消。`,
    ],
  }),
  help('funds', {
    en: [
      'Loans',
      `- Borrow **USDT, BTC or ETH** for **7, 14, 30 or 60 days**. Interest is 1 % per month; part of a month counts as a full month.
- After approval the loan is paid out within 24 hours. Repayment is a single payment when due.
- An overdue loan is extended automatically by 7 days with a penalty of 2.5 % of the loan amount.
- Borrowed funds cannot be withdrawn until the loan is repaid.`,
    ],
    tw: [
      '借貸',
      `- 可借 **USDT、BTC 或 ETH**，期限 **7、14、30 或 60 天**。月利率 1%；不足一個月以一個月計。
- 審核通過後 24 小時內放款。到期一次還款。
- 逾期借款會自動展期 7 天，並加收借款金額 2.5% 的罰金。
- 借款還清前，借入的資金不可提幣。`,
    ],
  }),
  help('start', {
    en: [
      'Getting started',
      `1. Register with your e-mail or phone and set a login and a trade password.
2. Complete identity verification (basic details, then three photos); it is reviewed by our staff.
3. Deposit coins (see "How to deposit") and move them to your spot account with **Transfer**.
4. Place your first order on the Trade tab. Your balances per account are on the Assets tab.`,
    ],
    tw: [
      '新手入門',
      `1. 以電子郵件或手機註冊，並設定登入密碼與資金密碼。
2. 完成身分認證（基本資料，再上傳三張照片），由工作人員審核。
3. 充值（見「如何充值」），再以**劃轉**轉入現貨帳戶。
4. 在「交易」分頁下第一筆訂單。各帳戶餘額見「資產」分頁。`,
    ],
  }),
]

function help(category: string, t: Record<'en' | 'tw', [string, string]>): Starter {
  return {
    type: 'help',
    category,
    texts: { en: { title: t.en[0], body: t.en[1] }, tw: { title: t.tw[0], body: t.tw[1] } },
  }
}
