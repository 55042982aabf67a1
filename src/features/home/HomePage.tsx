import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtom, useAtomValue } from 'jotai'
import { logoMapAtom, themeAtom } from '@/app/store'
import { GlobeIcon, MoonIcon } from '@/ui/Icons'
import styles from './HomePage.module.css'

export function HomePage() {
  const { t } = useLingui()
  const logoMap = useAtomValue(logoMapAtom)
  const [theme, setTheme] = useAtom(themeAtom)
  const coins = Object.entries(logoMap).filter(([code]) => code !== 'platform')

  return (
    <>
      <header className={styles.top}>
        <img
          className={styles.logo}
          src={logoMap.platform ?? './icons/icon.svg'}
          alt=""
          width={32}
          height={32}
        />
        <span className={styles.brand}>Open Exchange</span>
        <Link to="/pages/mine/language-set" className={styles.iconButton} aria-label={t`Language`}>
          <GlobeIcon />
        </Link>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          <MoonIcon />
        </button>
      </header>

      <section className={styles.hero}>
        <h1 className={styles.title}>{t`Welcome to Open Exchange`}</h1>
        <p
          className={styles.subtitle}
        >{t`An open, self-hosted exchange: every balance change is on your record.`}</p>
      </section>

      {coins.length > 0 && (
        <section className={styles.card} aria-labelledby="coins-title">
          <h2 id="coins-title" className={styles.cardTitle}>{t`Supported coins`}</h2>
          <ul className={styles.coins}>
            {coins.map(([code, url]) => (
              <li key={code} className={styles.coin}>
                <img src={url} alt="" width={36} height={36} loading="lazy" />
                <span>{code}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
