import { notifyText, type PushMessage } from '../../platform/notify/texts'

/**
 * The English sources of the option settlement pushes; their translations are in
 * locales/push/server (platform/notify/texts.ts). Placeholders are `{name}`.
 */
const T = {
  title: /*i18n*/ { id: 'push.option.title', message: '{symbol} option settled' },
  bodyWin: /*i18n*/ {
    id: 'push.option.body_win',
    message: 'Your {type} option of {amount} USDT won: {payout} USDT paid (open {open}, close {close}).',
  },
  bodyLose: /*i18n*/ {
    id: 'push.option.body_lose',
    message: 'Your {type} option of {amount} USDT did not win (open {open}, close {close}).',
  },
  bodyVoid: /*i18n*/ {
    id: 'push.option.body_void',
    message: 'The round had no recorded price: your {amount} USDT and the fee were refunded.',
  },
  up: /*i18n*/ { id: 'push.option.up', message: 'up' },
  down: /*i18n*/ { id: 'push.option.down', message: 'down' },
  flat: /*i18n*/ { id: 'push.option.flat', message: 'flat' },
} satisfies Record<string, PushMessage>

export function optionPushText(
  lang: string,
  key: keyof typeof T,
  values: Record<string, string> = {},
): string {
  return notifyText(lang, T[key], values)
}
