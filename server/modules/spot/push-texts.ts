import type { PushPayload } from '@common/push/schema'
import type { SpotOrder } from '@common/spot/schema'
import { notifyText, type PushMessage } from '../../platform/notify/texts'

/**
 * The English sources of the spot pushes (a conditional order triggered); their translations are
 * in locales/push/server (platform/notify/texts.ts). Placeholders are `{name}`.
 */
const T = {
  title: /*i18n*/ { id: 'push.spot.triggered_title', message: '{symbol} order triggered' },
  body: /*i18n*/ {
    id: 'push.spot.triggered_body',
    message: 'Your {order} for {symbol} reached its trigger and entered the order book.',
  },
  bodyExpired: /*i18n*/ {
    id: 'push.spot.triggered_expired_body',
    message:
      'Your {order} for {symbol} reached its trigger, but there was nothing to trade with: it expired.',
  },
  stopBuy: /*i18n*/ { id: 'push.spot.stop_buy', message: 'stop buy order' },
  stopSell: /*i18n*/ { id: 'push.spot.stop_sell', message: 'stop sell order' },
  takeProfitBuy: /*i18n*/ { id: 'push.spot.take_profit_buy', message: 'take-profit buy order' },
  takeProfitSell: /*i18n*/ { id: 'push.spot.take_profit_sell', message: 'take-profit sell order' },
  trailingBuy: /*i18n*/ { id: 'push.spot.trailing_buy', message: 'trailing stop buy order' },
  trailingSell: /*i18n*/ { id: 'push.spot.trailing_sell', message: 'trailing stop sell order' },
} satisfies Record<string, PushMessage>

const ORDER = {
  stop_limit: { buy: T.stopBuy, sell: T.stopSell },
  stop_market: { buy: T.stopBuy, sell: T.stopSell },
  take_profit_limit: { buy: T.takeProfitBuy, sell: T.takeProfitSell },
  take_profit_market: { buy: T.takeProfitBuy, sell: T.takeProfitSell },
  trailing_stop: { buy: T.trailingBuy, sell: T.trailingSell },
} as const

/** The push and in-app notice of a conditional order that has just triggered, in a language. */
export function triggeredPayload(o: SpotOrder, lang: string): PushPayload {
  const kind = ORDER[o.type as keyof typeof ORDER] ?? ORDER.stop_limit
  const values = { symbol: o.symbol, order: notifyText(lang, kind[o.side]) }
  return {
    title: notifyText(lang, T.title, values),
    body: notifyText(lang, o.status === 'expired' ? T.bodyExpired : T.body, values),
    icon: '/icons/icon-192.png',
    tag: `order-${o.id}-triggered`,
    url: '/#/pages/trade/trade-spot',
  }
}

/** Whether an order event is the moment a conditional order triggered (its trigger pass). */
export const justTriggered = (o: SpotOrder): boolean =>
  o.triggeredAt !== undefined && o.triggeredAt !== null && o.triggeredAt === o.updatedAt
