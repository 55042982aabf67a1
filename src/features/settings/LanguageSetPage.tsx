import { LANGUAGES, type LangCode } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { langAtom } from '@/lib/store'
import { CheckIcon } from '@/ui/MenuIcons'
import { PageHeader } from '@/ui/PageHeader'
import styles from './LanguageSetPage.module.css'

export function LanguageSetPage() {
  const { t } = useLingui()
  const [lang, setLang] = useAtom(langAtom)
  const router = useRouter()

  const choose = (code: LangCode) => {
    setLang(code)
    router.history.back()
  }

  return (
    <>
      <PageHeader title={t`Language`} backLabel={t`Back`} />
      <ul className={styles.list} aria-label={t`Language`}>
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              className={styles.item}
              lang={l.bcp47}
              aria-pressed={l.code === lang}
              onClick={() => choose(l.code)}
            >
              <span>{l.native}</span>
              {l.code === lang && <CheckIcon />}
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
