import { usePrivateImage } from '@/lib/http/use-private-image'
import styles from './Account.module.css'

export function Avatar({ path, name, size = 56 }: { path: string | null; name: string; size?: number }) {
  const src = usePrivateImage(path)
  if (src) return <img className={styles.avatar} src={src} width={size} height={size} alt="" />
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  )
}
