/**
 * Translation catalogs are split by product area so the home route downloads only the core
 * messages. Each route needs the core catalog plus the areas whose components it renders.
 * A new area catalog = an entry in lingui.config.ts, a CatalogArea here, and its route rule.
 */
export const CATALOG_AREAS = ['account', 'assets', 'spot', 'admin', 'content', 'push'] as const
export type CatalogArea = (typeof CATALOG_AREAS)[number]

const RULES: [RegExp, CatalogArea[]][] = [
  [/^\/admin(\/|$)/, ['admin', 'account']],
  [/^\/pages\/assets\/trade-record\/?$/, ['spot', 'account']],
  [/^\/pages\/assets(\/(?!trade-record)|$)/, ['assets', 'account']],
  [/^\/pages\/(trade(\/(trade-spot|index))?\/?$|history(\/|$)|market\/quote\/?$)/, ['spot']],
  [/^\/pages\/(login|reg|mine)(\/|$)/, ['account']],
  [/^\/pages\/common\/nowallet\/?$/, ['account']],
  [/^\/pages\/article(\/|$)/, ['content']],
  [/^\/pages\/mine\/(notify-settings|price-alerts)\/?$/, ['push']],
]

/** The area catalogs a path needs besides the core one. */
export function areasFor(pathname: string): CatalogArea[] {
  const out = new Set<CatalogArea>()
  for (const [re, areas] of RULES) if (re.test(pathname)) for (const a of areas) out.add(a)
  return [...out]
}
