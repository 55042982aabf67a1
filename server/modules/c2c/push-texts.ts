import { notifyText, type PushMessage } from '../../platform/notify/texts'

/**
 * The English sources of the C2C pushes; their translations are in locales/push/server
 * (platform/notify/texts.ts). Placeholders `{id}` (order number), `{qty}`, `{coin}`; amounts are
 * inserted as the decimal strings they are.
 */
export type C2cPushKind = 'newOrder' | 'paid' | 'released' | 'appeal' | 'decision'

const T: Record<C2cPushKind, { title: PushMessage; body: PushMessage }> = {
  newOrder: {
    title: /*i18n*/ { id: 'push.c2c.new_order_title', message: 'New C2C order' },
    body: /*i18n*/ { id: 'push.c2c.new_order_body', message: 'Order {id} on your ad: {qty} {coin}.' },
  },
  paid: {
    title: /*i18n*/ { id: 'push.c2c.paid_title', message: 'Buyer has paid' },
    body: /*i18n*/ {
      id: 'push.c2c.paid_body',
      message: 'Order {id}: check your account, then release {qty} {coin}.',
    },
  },
  released: {
    title: /*i18n*/ { id: 'push.c2c.released_title', message: 'Coins released' },
    body: /*i18n*/ {
      id: 'push.c2c.released_body',
      message: 'Order {id}: {qty} {coin} are in your funding account.',
    },
  },
  appeal: {
    title: /*i18n*/ { id: 'push.c2c.appeal_title', message: 'Appeal opened' },
    body: /*i18n*/ {
      id: 'push.c2c.appeal_body',
      message: 'Order {id} is under appeal; the coins stay frozen.',
    },
  },
  decision: {
    title: /*i18n*/ { id: 'push.c2c.decision_title', message: 'Appeal decided' },
    body: /*i18n*/ { id: 'push.c2c.decision_body', message: 'Customer service has decided on order {id}.' },
  },
}

export function c2cPushText(
  lang: string,
  kind: C2cPushKind,
  values: Record<string, string>,
): { title: string; body: string } {
  return { title: notifyText(lang, T[kind].title, values), body: notifyText(lang, T[kind].body, values) }
}
