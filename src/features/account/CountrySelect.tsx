import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { langAtom } from '@/app/store'
import { countriesQueryOptions } from './api'
import form from './Form.module.css'

/** Country and dial code from /getCountryList, named in the current language. */
export function CountrySelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const { data = [] } = useQuery(countriesQueryOptions())
  return (
    <select
      className={form.select}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={t`Country or region`}
    >
      {data.length === 0 && <option value={value}>{value}</option>}
      {data.map((c) => (
        <option key={c.code} value={c.code}>
          {c.flag} {c.dialCode} {c.name[lang] ?? c.name.en}
        </option>
      ))}
    </select>
  )
}
