import { chartSeriesOf } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useFormat } from '@/lib/format/use-format'
import { detailQueryOptions } from '@/lib/market/api'
import { pairLabel } from '@/lib/market/pair-label'
import { useLiveTickers, useTicker } from '@/lib/market/use-live-tickers'
import { Cell, CellGroup } from '@/ui/CellList'
import chip from '@/ui/Chip.module.css'
import { CoinIcon } from '@/ui/CoinIcon'
import { PageHeader } from '@/ui/PageHeader'
import { Change, Price } from '@/ui/trade/Price'
import styles from './DetailPage.module.css'

/** pages/trade/detail: what the instrument is and how it trades. */
export function DetailPage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const { amount, price } = useFormat()
  const detail = useQuery(detailQueryOptions(symbol))
  useLiveTickers({ watch: false })
  const live = useTicker(symbol)
  const i = detail.data?.instrument
  const ticker = live ?? detail.data?.ticker ?? undefined
  const categories = {
    spot: t`Spot`,
    perpetual: t`Perpetual`,
    metals: t`Metals`,
    stocks: t`Stocks`,
    forex: t`Forex`,
  }
  const tick = (dp: number) => (dp === 0 ? '1' : `0.${'0'.repeat(dp - 1)}1`)
  return (
    <>
      <PageHeader title={i ? t`${pairLabel(i)} details` : t`Market details`} backLabel={t`Back`} />
      {detail.isError && <p className={styles.missing}>{t`This market does not exist`}</p>}
      {i && (
        <>
          <section className={styles.head}>
            <CoinIcon code={i.base} color={i.logoColor} size={40} />
            <div>
              <h2 className={styles.name}>{i.name}</h2>
              <p className={styles.symbol}>{i.symbol}</p>
            </div>
            <div className={styles.price}>
              <Price value={ticker?.last} change={ticker?.change} dp={i.pricePrecision} />
              <Change value={ticker?.change} />
            </div>
          </section>
          <CellGroup label={t`Trading rules`}>
            <Cell label={t`Category`} value={categories[i.category]} />
            <Cell label={t`Base asset`} value={i.base} />
            <Cell label={t`Quote asset`} value={i.quote} />
            <Cell label={t`Status`} value={i.status === 'trading' ? t`Trading` : t`Suspended`} />
            <Cell label={t`Price tick`} value={tick(i.pricePrecision)} />
            <Cell label={t`Amount step`} value={tick(i.amountPrecision)} />
            <Cell label={t`Minimum amount`} value={`${amount(i.minAmount)} ${i.base}`} />
            <Cell label={t`Minimum order value`} value={`${amount(i.minNotional)} ${i.quote}`} />
            {/* A spot market's figures are its own trades; the rest follow the index (issue 36). */}
            <Cell
              label={t`Price source`}
              value={
                chartSeriesOf(i.category) === 'trades' ? t`Trades on this exchange` : t`Platform index price`
              }
            />
          </CellGroup>
          {ticker && (
            <CellGroup label={t`Last 24 hours`}>
              <Cell label={t`Open`} value={ticker.open ? price(ticker.open, i.pricePrecision) : '--'} />
              <Cell label={t`High`} value={ticker.high ? price(ticker.high, i.pricePrecision) : '--'} />
              <Cell label={t`Low`} value={ticker.low ? price(ticker.low, i.pricePrecision) : '--'} />
              <Cell label={t`Volume`} value={`${amount(ticker.volume, { dp: 2 })} ${i.base}`} />
              <Cell label={t`Turnover`} value={`${amount(ticker.turnover, { dp: 2 })} ${i.quote}`} />
            </CellGroup>
          )}
          <p className={styles.links}>
            <Link to="/pages/market/quote" search={{ symbol }} className={chip.chip}>
              {t`Open chart`}
            </Link>
          </p>
        </>
      )}
    </>
  )
}
