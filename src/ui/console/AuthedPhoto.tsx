import { usePrivateImage } from '@/lib/http/use-private-image'
import styles from './Console.module.css'

/** An upload (identity photo, voucher) fetched with the operator's token; opens full size on click. */
export function AuthedPhoto({ path, label }: { path: string | null; label: string }) {
  const src = usePrivateImage(path)
  if (!path) return <span className={styles.muted}>—</span>
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={label} className={styles.photo} />
    </a>
  ) : (
    <span className={styles.photo} role="img" aria-label={label} />
  )
}
