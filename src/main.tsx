import '@/ui/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { activateLang } from './app/i18n'
import { installStartup } from './app/install-startup'
import { langAtom, store, themeAtom } from './app/store'
import { applyTheme } from './app/theme'

async function boot(): Promise<void> {
  if (installStartup()) return // redirected to the desktop site
  applyTheme(store.get(themeAtom))
  await activateLang(store.get(langAtom))
  const root = document.getElementById('root')
  if (!root) throw new Error('#root missing')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void boot()
