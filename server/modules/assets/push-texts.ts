import { notifyText } from '../../platform/notify/texts'

/**
 * The English sources of the assets notifications; their translations are in
 * locales/push/server (platform/notify/texts.ts). Amounts are inserted as the decimal strings they are.
 */
const TITLE = /*i18n*/ { id: 'push.assets.deposit_title', message: 'Deposit credited' }
const BODY = /*i18n*/ {
  id: 'push.assets.deposit_body',
  message: '{amount} {coin} arrived on {chain} and is in your funding account.',
}

export function depositCreditedText(lang: string, values: Record<string, string>) {
  return { title: notifyText(lang, TITLE, values), body: notifyText(lang, BODY, values) }
}
