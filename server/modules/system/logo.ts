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

export const PLATFORM_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f6feb"/><path d="M14 44 L26 28 L36 36 L50 18" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>'
