import type { Floor, Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { memo, type ReactNode, useDeferredValue, useState } from 'react'
import { floorQueryOptions, instrumentsQueryOptions } from '@/lib/market/api'
import { pairLabel } from '@/lib/market/pair-label'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { themeAtom } from '@/lib/store'
import chip from '@/ui/Chip.module.css'
import { CoinIcon } from '@/ui/CoinIcon'
import { DemoMark } from '@/ui/DemoMark'
import { BrandMark, GlobeIcon, MoonIcon, SunIcon } from '@/ui/Icons'
import { ConnectionStatus } from '@/ui/trade/ConnectionStatus'
import { figureClass, useListFigures } from '@/ui/trade/Price'
import { HomeHero } from './HomeHero'
import styles from './HomePage.module.css'
import { ShortcutGrid, ShortcutGridSkeleton } from './shortcuts'

type Ranking = 'gainers' | 'losers' | 'volume'

/** Two rows of three hot pairs and the server's five ranked ones: the sizes the placeholders reserve. */
const HOT_SHOWN = 6
const RANKED_SHOWN = 5

/**
 * What other products put on home (the route composes them): the banner carousel, given the
 * floor's banners, and the notice strip. Values made once (module scope), so the memoised body
 * does not render again for them.
 */
export interface HomeSlots {
  banners: (banners: Floor['banners']) => ReactNode
  notices: ReactNode
}

export function HomePage({ banners, notices }: HomeSlots) {
  const floor = useQuery(floorQueryOptions())
  const instruments = useQuery(instrumentsQueryOptions())
  // Each list item paints its own ticker (useListFigures): the page is not rendered again each second.
  useLiveTickers({ watch: false })
  // The page renders from deferred copies of its data: filling it when the data arrives is a render
  // React can split into short tasks, instead of one long one in the middle of start-up.
  const floorData = useDeferredValue(floor.data)
  const listed = useDeferredValue(instruments.data)
  return <HomeBody floor={floorData} instruments={listed} banners={banners} notices={notices} />
}

const HomeBody = memo(function HomeBody({
  floor,
  instruments,
  banners,
  notices,
}: HomeSlots & {
  floor: Floor | undefined
  instruments: Instrument[] | undefined
}) {
  const { t } = useLingui()
  const [theme, setTheme] = useAtom(themeAtom)
  return (
    <>
      <header className={styles.top}>
        <BrandMark className={styles.logo} />
        <h1 className={styles.brand}>
          Open Exchange
          <DemoMark />
        </h1>
        <Link to="/pages/mine/language-set" className={styles.iconButton} aria-label={t`Language`}>
          <GlobeIcon />
        </Link>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
        {/* Over the page, not in its flow: the strip coming and going moves nothing. */}
        <div className={styles.status}>
          <ConnectionStatus />
        </div>
      </header>

      <div className={styles.columns}>
        <div className={styles.lead}>
          <HomeHero />
          {banners(floor?.banners ?? [])}
          {notices}
          {floor ? <ShortcutGrid items={floor.shortcuts} label={t`Shortcuts`} /> : <ShortcutGridSkeleton />}
        </div>

        <HomeLists lists={floor?.lists} instruments={instruments} />
      </div>
    </>
  )
})

/** The hot pairs and the rankings, each item following its own ticker. */
const HomeLists = memo(function HomeLists({
  lists,
  instruments,
}: {
  lists: Floor['lists'] | undefined
  instruments: Instrument[] | undefined
}) {
  const { t } = useLingui()
  const [ranking, setRanking] = useState<Ranking>('gainers')
  const bySymbol = new Map<string, Instrument>((instruments ?? []).map((i) => [i.symbol, i]))
  /** The first `n` of the server's symbols that are listed instruments. */
  const pick = (symbols: string[] | undefined, n: number) =>
    (symbols ?? [])
      .map((s) => bySymbol.get(s))
      .filter((i): i is Instrument => Boolean(i))
      .slice(0, n)

  // Short words, as trading apps label these tabs: the three hold on one line in every language.
  const rankLabels: Record<Ranking, string> = {
    gainers: t`Gainers`,
    losers: t`Losers`,
    volume: t`Volume`,
  }
  // Lists show once both the layout and the instruments are there; until then placeholders of the
  // same size hold their place, so nothing below moves when they arrive.
  const ready = Boolean(lists && instruments)
  const hot = pick(lists?.hot, HOT_SHOWN)
  const ranked = pick(lists?.[ranking], RANKED_SHOWN)

  return (
    <div className={styles.lists}>
      <section className={styles.card} aria-labelledby="hot-title">
        <h2 id="hot-title" className={styles.cardTitle}>{t`Hot`}</h2>
        <ul className={styles.hot} aria-busy={!ready}>
          <QuoteLinks items={ready ? hot : undefined} count={HOT_SHOWN} className={styles.hotItem}>
            {(i) => <HotItem instrument={i} />}
          </QuoteLinks>
        </ul>
      </section>

      <section className={styles.card} aria-label={t`Rankings`}>
        <div className={styles.rankTabs} role="tablist" aria-label={t`Rankings`}>
          {(['gainers', 'losers', 'volume'] as const).map((r) => (
            <button
              key={r}
              type="button"
              role="tab"
              aria-selected={ranking === r}
              onClick={() => setRanking(r)}
            >
              {rankLabels[r]}
            </button>
          ))}
        </div>
        <ol className={styles.rankList} aria-label={rankLabels[ranking]} aria-busy={!ready}>
          <QuoteLinks items={ready ? ranked : undefined} count={RANKED_SHOWN} className={styles.rankRow}>
            {(i) => <RankItem instrument={i} />}
          </QuoteLinks>
        </ol>
        <div className={styles.more}>
          <Link to="/pages/market/market" search={{ tab: 'spot' }} className={chip.chip}>
            {t`All markets`}
          </Link>
        </div>
      </section>
    </div>
  )
})

/**
 * List items linking each pair to its quote page; until the items are known (`undefined`),
 * `count` empty placeholders of the same size hold their place.
 */
function QuoteLinks({
  items,
  count,
  className,
  children,
}: {
  items: Instrument[] | undefined
  count: number
  className: string | undefined
  children: (i: Instrument) => ReactNode
}) {
  return items
    ? items.map((i) => (
        <li key={i.symbol}>
          <Link to="/pages/market/quote" search={{ symbol: i.symbol }} className={className}>
            {children(i)}
          </Link>
        </li>
      ))
    : Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <li key={n} className={`${className} ${styles.placeholder}`} />
      ))
}

function HotItem({ instrument: i }: { instrument: Instrument }) {
  const f = useListFigures(i)
  return (
    <>
      <span className={styles.hotPair}>
        <CoinIcon code={i.base} color={i.logoColor} size={18} />
        {pairLabel(i)}
      </span>
      <span ref={f.price} className={`${figureClass.price} ${styles.hotPrice}`} />
      <span ref={f.change} className={figureClass.change} />
    </>
  )
}

function RankItem({ instrument: i }: { instrument: Instrument }) {
  const f = useListFigures(i)
  return (
    <>
      <CoinIcon code={i.base} color={i.logoColor} size={24} />
      <span className={styles.rankName}>
        {pairLabel(i)}
        <small ref={f.volume} />
      </span>
      <span ref={f.price} className={figureClass.price} />
      <span ref={f.change} className={figureClass.changePill} />
    </>
  )
}
