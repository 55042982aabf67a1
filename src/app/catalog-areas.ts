/**
 * Translation catalogs are split by product area so the home route downloads only the core
 * messages. Each route needs the core catalog plus the areas whose components it renders.
 * A new area catalog = a CatalogArea here (lingui.config.ts reads this list) and its route rule.
 */
export const CATALOG_AREAS = [
  'account',
  'assets',
  'spot',
  'admin',
  'content',
  'push',
  'contract',
  'etf',
  'loan',
  'support',
  'earn',
  'option',
  'invite',
  'c2c',
  'errors',
] as const
export type CatalogArea = (typeof CATALOG_AREAS)[number]

const RULES: [RegExp, CatalogArea[]][] = [
  // Error messages: every route but home and the market list (they fetch them after painting).
  [/^\/(?!$|pages\/home\/index\/?$|pages\/market\/market\/?$)/, ['errors']],
  // Staking and coin subscription, and their console page.
  [/^\/(pages\/(financial|buycoin)|admin\/earn)(\/|$)/, ['earn']],
  // Support: the service chat and work orders (the work form uses the form kit's slider, whose
  // messages live in account's catalog); the console's desk and work queue.
  [/^\/pages\/(service\/home|work\/(index|add|detail))\/?$/, ['support', 'account']],
  [/^\/admin\/(service|work)\/?$/, ['support']],
  [/^\/(pages\/loan|admin\/loans)(\/|$)/, ['loan', 'account']],
  // C2C: the pages use the form kit (its messages are in account's catalog); the console's appeals page.
  [/^\/(pages\/transaction|admin\/c2c)(\/|$)/, ['c2c', 'account']],
  // Invitation, the VIP centre (with the leaderboard) and their console page.
  [/^\/(pages\/mine\/(invite|vip)|admin\/invite)\/?$/, ['invite']],
  [/^\/admin(\/|$)/, ['admin', 'account']],
  [/^\/(pages\/etfs|admin\/etfs)(\/|$)/, ['etf']],
  [/^\/pages\/assets\/(trade|sport)-record\/?$/, ['spot', 'account']],
  [/^\/pages\/assets(\/(?!(trade|sport)-record)|$)/, ['assets', 'account']],
  [/^\/pages\/(trade(\/(trade-spot|index))?\/?$|history(\/|$)|market\/quote\/?$)/, ['spot']],
  [/^\/pages\/(login|reg|mine)(\/|$)/, ['account']],
  [/^\/pages\/common\/nowallet\/?$/, ['account']],
  [/^\/pages\/article(\/|$)/, ['content']],
  [/^\/pages\/mine\/(notify-settings|price-alerts)\/?$/, ['push']],
  // Perpetuals: the trade page shows the trade kit (book, pair picker: spot's catalog).
  [/^\/pages\/trade\/trade-leverage\/?$/, ['contract', 'spot']],
  [/^\/pages\/(trade\/(funding-rate|risk-fund)|assets\/leverage-record)\/?$/, ['contract']],
  // Options: the trade page shows the trade kit's pair picker (spot's catalog).
  [/^\/pages\/(trade\/trade-option|assets\/option-record)\/?$/, ['option', 'spot']],
]

/** The area catalogs a path needs besides the core one. */
export function areasFor(pathname: string): CatalogArea[] {
  const out = new Set<CatalogArea>()
  for (const [re, areas] of RULES) if (re.test(pathname)) for (const a of areas) out.add(a)
  return [...out]
}
