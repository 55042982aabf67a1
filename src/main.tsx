import '@/ui/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { activateLang } from './app/i18n'
import { installStartup } from './app/install-startup'
import { router } from './app/router'
import { langAtom, store, themeAtom } from './app/store'
import { applyTheme } from './app/theme'

async function boot(): Promise<void> {
  if (installStartup()) return // redirected to the desktop site
  applyTheme(store.get(themeAtom))
  // The first route's code and catalogs load while the static shell of index.html stays painted, so
  // the first React paint is the page itself, not a spinner in place of the shell.
  await Promise.all([activateLang(store.get(langAtom)), router.load().catch(() => undefined)])
  const root = document.getElementById('root')
  if (!root) throw new Error('#root missing')
  // A transition renders in slices that yield to the browser: the static shell stays painted and
  // input stays responsive while the first screen renders (no single long task).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}

void boot()
