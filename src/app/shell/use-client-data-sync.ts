import { useQuery } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { countryListQueryOptions, logoMapQueryOptions } from '@/features/settings/api'
import { countryListAtom, logoMapAtom } from '../store'

/** Keeps the spec's client-stored logoMap and country list fresh from the server. */
export function useClientDataSync(): void {
  const setLogoMap = useSetAtom(logoMapAtom)
  const setCountries = useSetAtom(countryListAtom)
  const logo = useQuery(logoMapQueryOptions())
  const countries = useQuery(countryListQueryOptions())
  useEffect(() => {
    if (logo.data) setLogoMap(logo.data)
  }, [logo.data, setLogoMap])
  useEffect(() => {
    if (countries.data) setCountries(countries.data)
  }, [countries.data, setCountries])
}
