import '@/ui/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { activateLang } from './app/i18n'
import { installStartup } from './app/install-startup'
import { router } from './app/router'
import { langAtom, store, themeAtom } from './app/store'
import { applyTheme } from './app/theme'

/**
 * Loads the route of the address as it is now. The router listens to address changes only once the
 * app has mounted: a change while the first route loads (a tap on the static shell's links while the
 * code is on its way) would otherwise be lost, and the app would open the old screen.
 */
async function loadCurrentAddress(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await router.load().catch(() => undefined)
    if (!addressMoved()) return
  }
}

function addressMoved(): boolean {
  router.updateLatestLocation()
  return router.latestLocation.href !== router.state.location.href
}

async function boot(): Promise<void> {
  if (installStartup()) return // redirected to the desktop site
  applyTheme(store.get(themeAtom))
  // The first route's code and catalogs load while the static shell of index.html stays painted, so
  // the first React paint is the page itself, not a spinner in place of the shell.
  await Promise.all([activateLang(store.get(langAtom)), loadCurrentAddress()])
  const root = document.getElementById('root')
  if (!root) throw new Error('#root missing')
  // A change after that load and before the router listens (the first render is sliced).
  const stop = router.subscribe('onRendered', () => {
    stop()
    if (addressMoved()) void router.load()
  })
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
