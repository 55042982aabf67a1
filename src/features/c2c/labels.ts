import type { AdStatus, OrderStatus, PayKind } from '@common/c2c/rules'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** docs/spec.md section 4: unpaid, paid, completed, cancelled, timed out unpaid, appealed, closed. */
export const ORDER_STATUS: Record<OrderStatus, MessageDescriptor> = {
  unpaid: msg`Waiting for payment`,
  paid: msg`Paid, waiting for release`,
  appeal: msg`Appealed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  timeout: msg`Timed out unpaid`,
  closed: msg`Closed`,
}
export const ORDER_TONE: Record<OrderStatus, 'wait' | 'live' | 'done' | 'bad'> = {
  unpaid: 'wait',
  paid: 'live',
  appeal: 'bad',
  completed: 'done',
  cancelled: 'bad',
  timeout: 'bad',
  closed: 'bad',
}

export const AD_STATUS: Record<AdStatus, MessageDescriptor> = {
  online: msg`On shelf`,
  offline: msg`Taken off`,
  closed: msg`Cancelled`,
  completed: msg`Completed`,
}

export const PAY_KIND: Record<PayKind, MessageDescriptor> = {
  bank: msg`Bank card`,
  alipay: msg`Alipay`,
  wechat: msg`WeChat`,
}

/** The chat's system messages, one per state change (stored as keys, read in the reader's language). */
export const SYSTEM_MESSAGE: Record<string, MessageDescriptor> = {
  created: msg`Order created. The seller's coins are held in escrow.`,
  paid: msg`The buyer has marked the order as paid.`,
  released: msg`The seller has released the coins. Order completed.`,
  cancelled: msg`The buyer cancelled the order. The coins went back to the seller.`,
  timeout: msg`Not paid in time: the order was cancelled and the coins went back to the seller.`,
  appeal: msg`An appeal was opened. The coins stay frozen until customer service decides.`,
  decided_buyer: msg`Appeal decided for the buyer: the coins were released to the buyer.`,
  decided_seller: msg`Appeal decided for the seller: the coins went back to the seller.`,
  rejected: msg`The appeal was rejected: the order is paid again, waiting for release.`,
  suggested: msg`Customer service suggested a settlement. Both parties are asked to accept or refuse.`,
  settled: msg`Both parties accepted the settlement. Order settled.`,
  refused: msg`The settlement was refused. Customer service will decide.`,
}

export const OUTCOME: Record<'buyer' | 'seller' | 'reject' | 'settled', MessageDescriptor> = {
  buyer: msg`Decided for the buyer`,
  seller: msg`Decided for the seller`,
  reject: msg`Appeal rejected`,
  settled: msg({ message: 'Settled', context: 'appeal outcome' }),
}

/** A system message in the reader's language (an unknown key is shown as it is). */
export function systemText(i18n: I18n, key: string): string {
  const d = SYSTEM_MESSAGE[key]
  return d ? i18n._(d) : key
}
