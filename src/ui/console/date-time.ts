/** A console date and time in the operator's language (short date, short time); a dash for none. */
export function dateTime(ms: number | null, locale: string): string {
  return ms ? new Date(ms).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—'
}
