import type { IndexState, MarketDataInstrument, MarketDataSource } from '@common/market/index-status'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styles from '@/ui/console/Console.module.css'
import { ConsoleChips } from '@/ui/console/ConsoleChips'
import { DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { marketDataQueryOptions } from './api'

const seconds = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`)

/**
 * Market data: where each index comes from (MARKET_DATA and MARKET_DATA_CONFIG, edited in the
 * file, not here), each source's last price, age, outlier and error counts, and whether each
 * index is fresh or stale. Read only: nothing here sets or nudges a price.
 */
export function MarketDataPage() {
  const { t, i18n } = useLingui()
  const { data } = useQuery(marketDataQueryOptions())
  const [filter, setFilter] = useState<'all' | 'stale'>('all')
  const stateText: Record<IndexState, string> = {
    fresh: t`Fresh`,
    stale: t`Stale`,
    none: t`No live source: cannot trade`,
  }
  const list = data?.instruments.filter((i) => filter === 'all' || i.state !== 'fresh') ?? []
  return (
    <>
      <h2 className={styles.h2}>{t`Market data`}</h2>
      <section className={styles.panel}>
        <dl className={styles.kv}>
          <dt>
            <Trans>Mode</Trans>
          </dt>
          <dd data-testid="market-data-mode">
            {data?.mode === 'live' ? t`Live: index from the configured exchanges` : t`Demo: simulated prices`}
          </dd>
          <dt>
            <Trans>Stale indexes</Trans>
          </dt>
          <dd>{data ? data.instruments.filter((i) => i.state !== 'fresh').length : ''}</dd>
        </dl>
        <p className={styles.muted}>
          <Trans>
            Sources are set in the MARKET_DATA_CONFIG file. While an index is stale, no perpetual position or
            option round opens, liquidation and TP/SL wait, and the house market makers stop quoting.
          </Trans>
        </p>
      </section>
      <ConsoleChips
        label={t`Market data`}
        value={filter}
        options={[
          ['all', t`All`],
          ['stale', t`Stale`],
        ]}
        onChange={setFilter}
      />
      <ul className={styles.list} aria-label={t`Market data`}>
        {list.map((i) => (
          <Instrument key={i.symbol} i={i} stateText={stateText} locale={i18n.locale} />
        ))}
      </ul>
    </>
  )
}

function Instrument({
  i,
  stateText,
  locale,
}: {
  i: MarketDataInstrument
  stateText: Record<IndexState, string>
  locale: string
}) {
  const { t } = useLingui()
  const sourceState: Record<MarketDataSource['state'], string> = {
    used: t`Used`,
    stale: t`Stale`,
    outlier: t`Outlier, dropped`,
    waiting: t`Waiting`,
  }
  return (
    <li className={styles.panel} data-testid={`market-data-${i.symbol}`}>
      <h3 className={styles.h3}>
        {i.symbol}{' '}
        <span className={`${styles.badge} ${i.state === 'fresh' ? styles.good : styles.bad}`}>
          {stateText[i.state]}
        </span>
      </h3>
      <dl className={styles.kv}>
        <dt>
          <Trans>Since the last publish</Trans>
        </dt>
        <dd>{seconds(i.sincePublishMs) || '—'}</dd>
        {i.staleSince !== null && (
          <>
            <dt>
              <Trans>Stale since</Trans>
            </dt>
            <dd>{dateTime(i.staleSince, locale)}</dd>
          </>
        )}
        {i.state !== 'none' && i.minSources > 0 && (
          <>
            <dt>
              <Trans>Rule</Trans>
            </dt>
            <dd>
              {t`at least ${i.minSources} fresh sources, stale after ${seconds(i.staleMs)}, band ${(i.outlierBand * 100).toFixed(1)} %`}
            </dd>
          </>
        )}
      </dl>
      {i.sources.length > 0 && (
        <DataTable
          label={t`Sources of ${i.symbol}`}
          rows={i.sources}
          rowKey={(s) => `${s.exchange}:${s.symbol}`}
          columns={[
            { label: t`Source`, cell: (s) => `${s.exchange} ${s.symbol}` },
            { label: t`Last price`, cell: (s) => s.lastPrice ?? '', num: true },
            { label: t`Age`, cell: (s) => seconds(s.ageMs), num: true },
            {
              label: t`State`,
              cell: (s) => sourceState[s.state],
              className: (s) => (s.state === 'used' ? styles.good : styles.bad),
            },
            { label: t`Outliers dropped`, cell: (s) => String(s.outliers), num: true },
            { label: t`Errors`, cell: (s) => String(s.errors), num: true },
            {
              label: t`Last error`,
              cell: (s) => (s.lastError ? `${dateTime(s.lastError.at, locale)} ${s.lastError.message}` : ''),
            },
          ]}
        />
      )}
    </li>
  )
}
