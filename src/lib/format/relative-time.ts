import type { RelativeTime } from '@common/time/time'

/**
 * Renders common/time's structured relative time in a locale. ICU words the minutes, hours and
 * days ("5 分鐘前", "vor 5 Minuten"); "just now" comes translated from the caller.
 */
export function formatRelativeTime(rel: RelativeTime, bcp47: string, justNow: string): string {
  switch (rel.unit) {
    case 'just-now':
      return justNow
    case 'minutes':
    case 'hours':
    case 'days': {
      const unit = rel.unit === 'minutes' ? 'minute' : rel.unit === 'hours' ? 'hour' : 'day'
      return new Intl.RelativeTimeFormat(bcp47, { numeric: 'always' }).format(-rel.value, unit)
    }
    case 'date':
      return rel.date
  }
}
