import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { Rolldown } from 'vite'
import { C2C_COINS } from '../common/c2c/rules'
import { LANGUAGES } from '../common/i18n/languages'
import { WALLET_ACCOUNTS, type WalletAccount } from '../common/ledger/accounts'
import { adsPath, FIRST_ADS } from '../src/features/c2c/ads-path'

/** The account names (src/features/assets/labels.ts ACCOUNT_LABELS). */
const ACCOUNT_WORDS: Record<WalletAccount, string> = {
  funding: 'Funding account',
  spot: 'Spot account',
  contract: 'Contract account',
  leverage: 'Leverage account',
  finance: 'Finance account',
  option: 'Option account',
}

interface View {
  area: string
  /** The screen's answer, asked for by the head script with the app's code (the app takes it). */
  answer: string
  /** Whom the screen is painted for: Assets needs an account; C2C is painted for a visitor only
   * (signed in, it may show the identity step instead of quick buy, and the ads carry "mine"). */
  signed: boolean
  words: Record<string, string>
  /** Words chosen by a value of the answer. */
  keyed: Record<string, string>
}

/**
 * The screens the static shell paints whole before the app starts: C2C for a visitor (its filters,
 * quick buy and the first ads) and Assets (the total, the fund actions and the accounts). Their
 * words are messages of the route's area catalog (src/features/c2c, src/features/assets), which the
 * app loads anyway: the shell imports that catalog and its painter (scripts/vite-app-shell-paint.ts,
 * a chunk of its own) with the screen's answer, and the painter reads the words by their Lingui ids.
 * None of it is in index.html: fifteen languages of these words there (about 3 KB compressed), with
 * the painter, would push the page past the first ten TCP segments, one more round trip before the
 * first paint of every screen.
 */
const VIEWS: Record<string, View> = {
  // src/features/c2c/TransactionPage.tsx, TraderLine.tsx and labels.ts (PAY_KIND).
  '/pages/transaction/index': {
    area: 'c2c',
    answer: adsPath(FIRST_ADS),
    signed: false,
    words: {
      buy: 'Buy',
      sell: 'Sell',
      fiat: 'Fiat',
      pay: 'Payment method',
      all: 'All',
      merchants: 'Merchants only',
      quick: 'Quick buy {coin}',
      amountIn: 'Amount in {fiat}',
      best: 'The best-priced ad that fits your amount is picked for you.',
      merchant: 'Merchant',
      example: 'Example',
      orders: '{orders} orders (30 days) · {rate}% completed',
      available: 'Available',
      limits: 'Limits',
    },
    // By the ads' payment kinds.
    keyed: { bank: 'Bank card', alipay: 'Alipay', wechat: 'WeChat' },
  },
  // src/features/assets/AssetsPage.tsx and labels.ts (ACCOUNT_LABELS).
  '/pages/assets/index': {
    area: 'assets',
    answer: 'assets/overview',
    signed: true,
    words: {
      total: 'Total assets (USDT)',
      usd: '1 USDT counted as 1 USD',
      noPrice: 'The index has no {0} price; amounts are shown in USDT',
      unpriced: 'Not included (no index price): {0}',
      deposit: 'Deposit',
      withdraw: 'Withdraw',
      transfer: 'Transfer',
      exchange: 'Exchange',
      accounts: 'Accounts',
    },
    // By account, in the order the screen lists them before its figures.
    keyed: Object.fromEntries(WALLET_ACCOUNTS.map((a) => [a, ACCOUNT_WORDS[a]])),
  },
}

/** The early answers of these screens, for the head script: [address, signed in]. */
export const VIEW_ANSWERS = Object.fromEntries(
  Object.entries(VIEWS).map(([path, v]) => [path, [v.answer, v.signed] as const]),
)

const idsOf = (list: Record<string, string>) =>
  Object.fromEntries(Object.entries(list).map(([k, message]) => [k, generateMessageId(message)]))

/** What the painter (scripts/vite-app-shell-paint.ts) is built with: the words' message ids. */
export const PAINT_DATA = {
  views: Object.fromEntries(
    Object.entries(VIEWS).map(([path, v]) => [path, { ids: idsOf(v.words), keyed: idsOf(v.keyed) }]),
  ),
  coins: C2C_COINS,
  first: FIRST_ADS,
}

/**
 * What the head script imports for a painted screen, by the built files' names: the painter, and per
 * screen its area catalog in each language. Fails the build when a word is missing from a language's
 * compiled catalog (a renamed message), instead of leaving a blank in the shell.
 */
export function viewFiles(bundle: Rolldown.OutputBundle, painterId: string) {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
  const painter = chunks.find((c) => c.facadeModuleId === painterId)
  if (!painter) throw new Error('app shell: the painter is not in the build')
  const catalogs: Record<string, Record<string, string>> = {}
  for (const [path, { area, words, keyed }] of Object.entries(VIEWS)) {
    catalogs[path] = {}
    for (const { code } of LANGUAGES) {
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/locales/${area}/${code}.po`))
      if (!chunk) throw new Error(`app shell: no ${area}/${code} catalog in the build`)
      for (const message of [...Object.values(words), ...Object.values(keyed)])
        if (!chunk.code.includes(`"${generateMessageId(message)}":`))
          throw new Error(`app shell: "${message}" is not in the ${area}/${code} catalog`)
      catalogs[path][code] = chunk.fileName
    }
  }
  return { paint: painter.fileName, catalogs }
}
