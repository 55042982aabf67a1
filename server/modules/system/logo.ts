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

/** The platform's mark, as public/icons/icon.svg and the app's inline BrandMark draw it. */
export const PLATFORM_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#1f6feb"/><g transform="translate(256 256) scale(0.8) translate(-256 -256)"><path d="M104 360 L200 232 L280 296 L408 136" stroke="#fff" stroke-width="44" fill="none" stroke-linecap="round" stroke-linejoin="round"/><circle cx="408" cy="136" r="30" fill="#3fb950"/></g></svg>'
