import '@/ui/global.css'
import { langAtom, store, themeAtom } from '@/lib/store'
import { applyTheme } from './app/theme'

/**
 * Start-up runs as a few tasks of some milliseconds each instead of one: evaluating every module
 * and starting the router in a single task blocked a mid-range phone for a few hundred ms. Each
 * stage is a dynamic import of code the static shell already preloads (scripts/vite-app-shell.ts
 * lists these stages), so the cut costs no round trip.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const STYLES_WAIT_MS = 5_000

/**
 * Resolves when the styles the shell asked for with the code (the stages' and the route's) have
 * loaded or failed, so the first React paint is styled: the build's preload helper does not wait
 * for a stylesheet that is already in the page. Bounded, in case one failed before we listened.
 */
function stylesReady(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (l) => !l.sheet,
  )
  const loaded = pending.map(
    (l) =>
      new Promise((resolve) => {
        l.addEventListener('load', resolve, { once: true })
        l.addEventListener('error', resolve, { once: true })
      }),
  )
  return Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, STYLES_WAIT_MS))])
}

async function boot(): Promise<void> {
  // The route tree and the router.
  const { router } = await import('./app/router')
  await nextTask()
  const { installStartup } = await import('./app/install-startup')
  if (installStartup()) return // redirected to the desktop site
  const { activateLang } = await import('./app/i18n')
  applyTheme(store.get(themeAtom))

  /**
   * Loads the route of the address as it is now. The router listens to address changes only once
   * the app has mounted: a change while the first route loads (a tap on the static shell's links
   * while the code is on its way) would otherwise be lost, and the app would open the old screen.
   */
  const addressMoved = (): boolean => {
    router.updateLatestLocation()
    return router.latestLocation.href !== router.state.location.href
  }
  const loadCurrentAddress = async (): Promise<void> => {
    for (let i = 0; i < 5; i++) {
      await router.load().catch(() => undefined)
      if (!addressMoved()) return
    }
  }
  // The first route's code and catalogs load while the static shell of index.html stays painted, so
  // the first React paint is the page itself, not a spinner in place of the shell. React and the
  // app's providers are evaluated meanwhile, in tasks of their own.
  const [{ App }, { createRoot }, { StrictMode, startTransition }] = await Promise.all([
    nextTask().then(() => import('./app/App')),
    import('react-dom/client'),
    import('react'),
    activateLang(store.get(langAtom)),
    loadCurrentAddress(),
  ])
  await stylesReady()
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
