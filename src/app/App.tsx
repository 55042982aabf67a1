import { I18nProvider } from '@lingui/react'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { Provider as JotaiProvider, useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { PushLangSync } from '@/features/push/PushLangSync'
import { langAtom, store, themeAtom } from '@/lib/store'
import { activateLang, i18n } from './i18n'
import { persistOptions, queryClient } from './query'
import { router } from './router'
import { applyTheme } from './theme'

/** Applies theme and language whenever the stored choice changes (and on first render). */
function PreferenceSync() {
  const theme = useAtomValue(themeAtom)
  const lang = useAtomValue(langAtom)
  useEffect(() => applyTheme(theme), [theme])
  useEffect(() => {
    if (i18n.locale !== lang) void activateLang(lang).then(() => queryClient.invalidateQueries())
  }, [lang])
  return null
}

export function App() {
  return (
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <PreferenceSync />
          <PushLangSync />
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </I18nProvider>
    </JotaiProvider>
  )
}
