import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { logoMapAtom } from '@/app/store'
import styles from './SelectSheet.module.css'

/** A stable hue per code, so a coin without a server logo keeps its badge colour everywhere. */
export function badgeHue(code: string): number {
  let h = 0
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

/**
 * A coin's round icon: the logo the server draws for it (`/api/logo/CODE.svg`, listed in the
 * client-stored logo map) or, when it has none, a round letter badge in a colour derived from the code.
 * Decorative (alt=""): the code is always written next to it.
 */
export function CoinIcon({ code, size = 24 }: { code: string; size?: number }) {
  const logoMap = useAtomValue(logoMapAtom)
  const [failed, setFailed] = useState(false)
  const src = logoMap[code.toUpperCase()]
  if (src && !failed) {
    return (
      <img
        className={styles.coinIcon}
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    )
  }
  return (
    <span
      className={styles.coinBadge}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.5),
        background: `hsl(${badgeHue(code)} 55% 38%)`,
      }}
    >
      {code.slice(0, 1).toUpperCase()}
    </span>
  )
}
