import { deviceOffset, formatDate } from '@common/i18n/date-patterns'
import { useFormat } from './use-format'

/** Short date and time of a record in the app's language ("11/23, 13:21:54"), in the device's zone. */
export function useDateTime() {
  const { locale } = useFormat()
  return (ts: number) => formatDate(ts, deviceOffset(ts), locale, 'mdhms')
}

/** Time of day of a trade in the app's language ("13:21:54"), in the device's zone. */
export function useTime() {
  const { locale } = useFormat()
  return (ts: number) => formatDate(ts, deviceOffset(ts), locale, 'hms')
}
