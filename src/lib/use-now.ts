import { useEffect, useState } from 'react'

/** The wall clock (ms), rendering the caller again every `ms` while mounted: countdowns. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(t)
  }, [ms])
  return now
}
