import type { Theme } from '@/lib/store'

/** Applies a theme to the document: tokens switch on data-theme; the browser bars follow. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
  refreshNavigationBar()
}

/** Keeps the browser/OS bar colour equal to the current nav background (docs/spec.md section 1). */
export function refreshNavigationBar(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
  if (!meta) return
  const color = getComputedStyle(document.documentElement).getPropertyValue('--nav-bg').trim()
  if (color && meta.content !== color) meta.content = color
}
