import { useQuery } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { countryListQueryOptions, logoMapQueryOptions } from '@/features/settings/api'
import { countryListAtom, logoMapAtom } from '@/lib/store'

/**
 * The country list (about 90 KB of JSON) is asked for this long after start, when the browser is
 * idle: no first screen shows it, and reading, checking and storing it cost a phone a long task.
 */
const COUNTRY_LIST_DELAY_MS = 15_000

/**
 * Keeps the spec's client-stored logoMap and country list fresh from the server. A component of
 * its own that renders nothing: its queries settling re-render it, not the app's layout.
 */
export function ClientDataSync(): null {
  const setLogoMap = useSetAtom(logoMapAtom)
  const setCountries = useSetAtom(countryListAtom)
  const logo = useQuery({ ...logoMapQueryOptions(), notifyOnChangeProps: ['data'] })
  const idle = useIdleAfter(COUNTRY_LIST_DELAY_MS)
  const countries = useQuery({ ...countryListQueryOptions(), enabled: idle, notifyOnChangeProps: ['data'] })
  useEffect(() => {
    if (logo.data) setLogoMap(logo.data)
  }, [logo.data, setLogoMap])
  useEffect(() => {
    if (countries.data) setCountries(countries.data)
  }, [countries.data, setCountries])
  return null
}

/** True once `ms` have passed and the browser has then been idle. */
function useIdleAfter(ms: number): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let idleId: number | undefined
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(() => setIdle(true))
      else setIdle(true)
    }, ms)
    return () => {
      clearTimeout(timer)
      if (idleId !== undefined) cancelIdleCallback(idleId)
    }
  }, [ms])
  return idle
}
