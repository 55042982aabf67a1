import { DEFAULT_LANG, isLangCode, toBcp47 } from '@common/i18n/languages'
import { format, isDecimalString } from '@common/money/decimal'
import { notifyText, type PushMessage } from '../../platform/notify/texts'

/**
 * The English sources of the push module's texts (price alerts, fills, liquidations, notices);
 * their translations are in locales/push/server (platform/notify/texts.ts). Placeholders are
 * `{name}`; amounts (the placeholders of AMOUNT_NAMES) keep every digit and take the language's
 * grouping and decimal sign.
 */
export const PUSH_MESSAGES = {
  alertTitle: /*i18n*/ { id: 'push.alert_title', message: '{symbol} price alert' },
  alertAbove: /*i18n*/ { id: 'push.alert_above', message: '{symbol} rose to {value}: now {price}' },
  alertBelow: /*i18n*/ { id: 'push.alert_below', message: '{symbol} fell to {value}: now {price}' },
  alertMove: /*i18n*/ { id: 'push.alert_move', message: '{symbol} moved {value} %: now {price}' },
  fillTitle: /*i18n*/ { id: 'push.fill_title', message: '{symbol} order filled' },
  fillBody: /*i18n*/ {
    id: 'push.fill_body',
    message: 'Your {order} for {amount} {symbol} filled at {price}.',
  },
  fillBodyNoPrice: /*i18n*/ {
    id: 'push.fill_body_no_price',
    message: 'Your {order} for {amount} {symbol} filled.',
  },
  limitBuy: /*i18n*/ { id: 'push.limit_buy', message: 'limit buy order' },
  limitSell: /*i18n*/ { id: 'push.limit_sell', message: 'limit sell order' },
  marketBuy: /*i18n*/ { id: 'push.market_buy', message: 'market buy order' },
  marketSell: /*i18n*/ { id: 'push.market_sell', message: 'market sell order' },
  noticeBody: /*i18n*/ { id: 'push.notice_body', message: 'Tap to read the full notice.' },
  testBody: /*i18n*/ { id: 'push.test_body', message: 'Notifications are on for this device.' },
  liquidationTitle: /*i18n*/ { id: 'push.liquidation_title', message: '{symbol} position liquidated' },
  liquidationBody: /*i18n*/ {
    id: 'push.liquidation_body',
    message: 'Your {side} position of {lots} lots was closed at {price} after the index reached {index}.',
  },
  sideLong: /*i18n*/ { id: 'push.side_long', message: 'long' },
  sideShort: /*i18n*/ { id: 'push.side_short', message: 'short' },
} satisfies Record<string, PushMessage>

export type PushTextKey = keyof typeof PUSH_MESSAGES

/** Placeholders that hold amounts; others (ids, symbols, order numbers) are inserted as they are. */
const AMOUNT_NAMES = new Set([
  'price',
  'amount',
  'value',
  'index',
  'lots',
  'total',
  'fee',
  'pnl',
  'profit',
  'principal',
  'payout',
  'units',
  'nav',
])

/** One text in a language (unknown codes read the default), its placeholders filled. */
export function pushText(lang: string, key: PushTextKey, values: Record<string, string> = {}): string {
  const code = isLangCode(lang) ? lang : DEFAULT_LANG
  const locale = toBcp47(code)
  const filled: Record<string, string> = {}
  for (const [name, v] of Object.entries(values))
    filled[name] =
      AMOUNT_NAMES.has(name) && isDecimalString(v)
        ? format(v, { locale, dp: v.split('.')[1]?.length ?? 0 })
        : v
  return notifyText(code, PUSH_MESSAGES[key], filled)
}
