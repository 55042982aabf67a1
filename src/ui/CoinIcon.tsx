import { drawnLogoColor, LIGHT_INK, logoFace, logoInk } from '@common/market/logo'
import { useAtomValue } from 'jotai'
import { memo } from 'react'
import { logoMapAtom } from '@/lib/store'
import styles from './SelectSheet.module.css'

/** A stable hue per code, so a coin without a server logo keeps its badge colour everywhere. */
export function badgeHue(code: string): number {
  let h = 0
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

/**
 * A coin's round logo, drawn in HTML by the rule the server's SVG follows (common/market/logo.ts),
 * in the colour the instrument carries (`color`) or the logo map gives; a code with neither gets a
 * letter badge in a colour derived from the code. No image request and no SVG document per coin:
 * those cost a mid-range phone 30-40 ms each on the market lists.
 * Decorative (aria-hidden): the code is always written next to it. Memoised: it sits in list rows
 * that render again on every price tick.
 */
export const CoinIcon = memo(function CoinIcon({
  code,
  color,
  size = 24,
}: {
  code: string
  color?: string
  size?: number
}) {
  const logoMap = useAtomValue(logoMapAtom)
  const upper = code.toUpperCase()
  const drawn = color ?? drawnLogoColor(logoMap[upper])
  const face = drawn ? logoFace(upper, size) : { label: upper.slice(0, 1), scale: 0.5 }
  return (
    <span
      className={styles.coinBadge}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * face.scale),
        background: drawn ?? `hsl(${badgeHue(upper)} 55% 38%)`,
        color: drawn ? logoInk(drawn) : LIGHT_INK,
      }}
    >
      {face.label}
    </span>
  )
})
