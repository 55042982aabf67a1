import { toBcp47 } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { langAtom } from '@/lib/store'
import form from '@/ui/form/Form.module.css'
import { type SelectOption, SelectSheet } from '@/ui/SelectSheet'
import { countriesQueryOptions } from './api'

/**
 * Country and dial code from /getCountryList, named in the current language: the app's searchable
 * picker (flag, dial code and name), sorted by the name the user reads. Beside a phone number it
 * shows the flag and dial code ("+1"); as a nationality, the whole field with the country's name
 * and no dial code.
 */
export function CountrySelect({
  value,
  onChange,
  testId = 'country-select',
  nationality = false,
  label,
}: {
  value: string
  onChange: (code: string) => void
  testId?: string
  nationality?: boolean
  /** The picker's name (the sheet's title); "Country or region" unless given. */
  label?: string
}) {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const { data = [] } = useQuery(countriesQueryOptions())
  const options = useMemo<SelectOption[]>(() => {
    if (data.length === 0) return [{ value, label: value }]
    const collator = new Intl.Collator(toBcp47(lang))
    return data
      .map((c) => ({ c, name: c.name[lang] ?? c.name.en ?? c.code }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map(({ c, name }) =>
        nationality
          ? { value: c.code, label: name, icon: <span aria-hidden="true">{c.flag}</span> }
          : {
              value: c.code,
              label: `${c.dialCode} ${name}`,
              short: c.dialCode,
              icon: <span aria-hidden="true">{c.flag}</span>,
            },
      )
  }, [data, lang, value, nationality])
  return (
    <SelectSheet
      className={nationality ? undefined : form.select}
      label={label ?? t`Country or region`}
      value={value}
      options={options}
      onChange={onChange}
      search={t`Search`}
      testId={testId}
    />
  )
}
