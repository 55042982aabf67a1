/**
 * How a coin's round logo is drawn: the server's SVG (`/api/logo/CODE.svg`) and the app's HTML badge
 * follow this one rule, so both look the same. The app draws the badge itself on its lists: an SVG
 * image is a document of its own to parse, lay out and paint (30-40 ms each on a mid-range phone).
 */
export interface LogoFace {
  /** The letters on the logo: the whole code up to 4 characters, else its first 3. */
  label: string
  /** Letter size as a fraction of the logo's diameter. */
  scale: number
}

const channel = (hex: string) => {
  const c = Number.parseInt(hex, 16) / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of "#rrggbb". */
export function luminance(color: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
  if (!m) return 0
  return 0.2126 * channel(m[1] ?? '0') + 0.7152 * channel(m[2] ?? '0') + 0.0722 * channel(m[3] ?? '0')
}

export const LIGHT_INK = '#ffffff'
export const DARK_INK = '#000000'

/**
 * The letters' colour on a logo of `color`: white or black, whichever contrasts more (with pure
 * black the worse of the two is never under 4.58:1, whatever the colour).
 */
export function logoInk(color: string): string {
  const l = luminance(color)
  const onWhite = 1.05 / (l + 0.05)
  const onDark = (l + 0.05) / (luminance(DARK_INK) + 0.05)
  return onWhite >= onDark ? LIGHT_INK : DARK_INK
}

/** Letters smaller than this are not readable: a small logo shows the first letter only. */
const MIN_LETTER_PX = 7

/** The face of a logo `size` pixels wide (the server draws at 64). */
export function logoFace(code: string, size = 64): LogoFace {
  const label = code.length <= 4 ? code : code.slice(0, 3)
  const px = label.length <= 2 ? 26 : label.length === 3 ? 20 : 16
  if ((size * px) / 64 < MIN_LETTER_PX) return { label: code.slice(0, 1), scale: 0.5 }
  return { label, scale: px / 64 }
}

/**
 * The logo map (`GET /index/logo`) points at the server's drawings; the colour each is drawn in
 * rides in the URL's fragment (`/api/logo/BTC.svg#f7931a`), which an image request ignores. Returns
 * that colour, or null for a logo that is a real image.
 */
export function drawnLogoColor(url: string | undefined): string | null {
  const m = url && /^\/api\/logo\/[A-Z0-9]{1,10}\.svg#([0-9a-fA-F]{6})$/.exec(url)
  return m ? `#${m[1]}` : null
}
