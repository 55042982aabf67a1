import { useQuery } from '@tanstack/react-query'
import { useFormat } from '@/lib/format/use-format'
import { instrumentsQueryOptions } from './api'

/**
 * A contract price at its instrument's price precision, as the position card shows it ("90,184.03",
 * never a record's raw "90184.034567"); the value's own digits until the instruments are here.
 */
export function useContractPrice(): (symbol: string, value: string | null | undefined) => string {
  const { amount, price } = useFormat()
  const instruments = useQuery(instrumentsQueryOptions())
  return (symbol, value) => {
    if (value === null || value === undefined || value === '') return '--'
    const pp = instruments.data?.find((i) => i.symbol === symbol)?.pricePrecision
    return pp === undefined ? amount(value) : price(value, pp)
  }
}
