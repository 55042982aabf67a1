import { readFileSync } from 'node:fs'
import { logoFace, logoInk } from '@common/market/logo'

/**
 * Coin and platform logos drawn by us (SVG), so the platform needs no downloads or CDNs.
 * Only codes that passed CODE_RE reach here, so the text needs no escaping beyond that.
 */
export const CODE_RE = /^[A-Z0-9]{1,10}$/

export function coinLogoSvg(code: string, color: string): string {
  if (!CODE_RE.test(code)) throw new Error('bad asset code')
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) throw new Error('bad colour')
  const { label, scale } = logoFace(code)
  const size = Math.round(scale * 64)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="${logoInk(color)}">${label}</text></svg>`
}

/** The platform's mark: the file scripts/make-icons.mjs draws, which the app's shell and BrandMark repeat inline. */
export const PLATFORM_LOGO_SVG = readFileSync(
  new URL('../../../public/icons/icon.svg', import.meta.url),
  'utf8',
)
