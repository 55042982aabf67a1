import { toBcp47 } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { langAtom } from '@/app/store'
import { type SelectOption, SelectSheet } from '@/ui/SelectSheet'
import { countriesQueryOptions } from './api'
import form from './Form.module.css'

/**
 * Country and dial code from /getCountryList, named in the current language: the app's searchable
 * picker (flag, dial code and name), sorted by the name the user reads.
 */
export function CountrySelect({
  value,
  onChange,
  testId = 'country-select',
}: {
  value: string
  onChange: (code: string) => void
  testId?: string
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
      .map(({ c, name }) => ({
        value: c.code,
        label: `${c.dialCode} ${name}`,
        icon: <span aria-hidden="true">{c.flag}</span>,
      }))
  }, [data, lang, value])
  return (
    <SelectSheet
      className={form.select}
      label={t`Country or region`}
      value={value}
      options={options}
      onChange={onChange}
      search={t`Search`}
      testId={testId}
    />
  )
}
