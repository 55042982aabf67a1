import { notifyText, type PushMessage } from '../../platform/notify/texts'

/**
 * The English sources of the support area's pushes; their translations are in
 * locales/push/server (platform/notify/texts.ts). `{number}` is a ticket number.
 */
const T = {
  chatTitle: /*i18n*/ { id: 'push.support.chat_title', message: 'Customer service replied' },
  chatImage: /*i18n*/ { id: 'push.support.chat_image', message: 'Sent you a picture' },
  ticketTitle: /*i18n*/ { id: 'push.support.ticket_title', message: 'Reply to your ticket {number}' },
  ticketClosedTitle: /*i18n*/ { id: 'push.support.ticket_closed_title', message: 'Ticket {number} closed' },
  ticketClosedBody: /*i18n*/ {
    id: 'push.support.ticket_closed_body',
    message: 'Staff closed your ticket. You can reopen it within 7 days.',
  },
} satisfies Record<string, PushMessage>

export function supportPushText(
  lang: string,
  key: keyof typeof T,
  values: Record<string, string> = {},
): string {
  return notifyText(lang, T[key], values)
}
