import { useFormat } from './use-format'

const OPTS: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
}

/** Short date and time of a record in the app's language ("11/23 13:21:54"). */
export function useDateTime() {
  const { locale } = useFormat()
  return (ts: number) => new Date(ts).toLocaleString(locale, OPTS)
}

const TIME: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
}

/** Time of day of a trade in the app's language ("13:21:54"). */
export function useTime() {
  const { locale } = useFormat()
  return (ts: number) => new Date(ts).toLocaleTimeString(locale, TIME)
}
