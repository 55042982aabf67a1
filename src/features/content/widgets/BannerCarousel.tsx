import type { Floor } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import styles from '../Content.module.css'

/** The home page's carousel of published banners (from GET /floor); swipe-free: dots and auto-advance. */
export function BannerCarousel({ banners }: { banners: Floor['banners'] }) {
  const { t } = useLingui()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (banners.length < 2 || paused) return
    const id = setInterval(() => setIndex((i) => (i + 1) % banners.length), 5000)
    return () => clearInterval(id)
  }, [banners.length, paused])
  if (banners.length === 0) return null
  const at = index % banners.length
  return (
    <section
      className={styles.carousel}
      aria-label={t`Banners`}
      data-testid="banner-carousel"
      aria-roledescription={t`carousel`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {banners.map((b, i) => {
        const img = <img src={b.image} alt={b.title} className={styles.carouselImg} />
        return (
          <div key={b.id} className={styles.carouselSlide} hidden={i !== at}>
            {b.link ? <a href={`#${b.link}`}>{img}</a> : img}
          </div>
        )
      })}
      {banners.length > 1 && (
        <div className={styles.carouselDots}>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={t`Show banner ${i + 1}`}
              aria-pressed={i === at}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  )
}
