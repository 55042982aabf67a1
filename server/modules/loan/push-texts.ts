import { notifyText } from '../../platform/notify/texts'

/**
 * The English sources of the loan reminders (3 days and 1 day before the due date); their
 * translations are in locales/push/server (platform/notify/texts.ts). Placeholders are `{name}`;
 * amounts are inserted as the decimal strings they are.
 */
const TITLE = /*i18n*/ { id: 'push.loan.reminder_title', message: 'Loan repayment due soon' }
const BODY = /*i18n*/ {
  id: 'push.loan.reminder_body',
  message: '{left} {coin} of your loan is due on {day} (in {days} day(s)).',
}

export function reminderText(lang: string, values: Record<string, string>): { title: string; body: string } {
  return { title: notifyText(lang, TITLE, values), body: notifyText(lang, BODY, values) }
}
