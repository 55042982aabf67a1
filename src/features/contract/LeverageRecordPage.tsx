import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { useScrollHint } from '@/ui/use-scroll-hint'
import { type PagedKind, type PagedRow, pagedQueryOptions } from './api'
import styles from './Contract.module.css'
import { ContractOrderRow } from './ContractOrderRow'
import { useLiquidationNotice } from './liquidation-notice'
import { useContractUpdates } from './live'
import { ClosedPositionItem, FillItem, FundingItem, LiquidationItem } from './RecordRows'

/** pages/assets/leverage-record: the user's contract records under five tabs. */
export function LeverageRecordPage({ tab }: { tab: PagedKind }) {
  const { t } = useLingui()
  useContractUpdates(useLiquidationNotice())
  const strip = useScrollHint<HTMLElement>(tab)
  const tabs: [PagedKind, string][] = [
    ['orders', t`Orders`],
    ['fills', t`Fills`],
    ['positions', t`Position history`],
    ['funding', t`Funding fees`],
    ['liquidations', t`Liquidations`],
  ]
  return (
    <>
      <PageHeader title={t`Contract records`} backLabel={t`Back`} />
      {/* Five tabs are wider than a phone in most languages: the strip scrolls, its hidden side fades. */}
      <div className={styles.pageTabsBox}>
        <nav ref={strip} className={styles.pageTabs} aria-label={t`Contract records`}>
          {tabs.map(([k, label]) => (
            <Link
              key={k}
              to="/pages/assets/leverage-record"
              search={{ tab: k }}
              replace
              aria-current={k === tab ? 'page' : undefined}
              data-testid={`records-${k}`}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <div className={styles.page}>
        <Records key={tab} kind={tab} label={tabs.find(([k]) => k === tab)?.[1] ?? ''} />
      </div>
    </>
  )
}

function Records<K extends PagedKind>({ kind, label }: { kind: K; label: string }) {
  const q = useInfiniteQuery(pagedQueryOptions(kind))
  const items = (q.data?.pages.flatMap((p) => p.list) ?? []) as PagedRow[K][]
  const render = (x: PagedRow[PagedKind]) => {
    switch (kind) {
      case 'orders':
        return <ContractOrderRow o={x as PagedRow['orders']} bare />
      case 'fills':
        return <FillItem f={x as PagedRow['fills']} />
      case 'positions':
        return <ClosedPositionItem p={x as PagedRow['positions']} />
      case 'funding':
        return <FundingItem f={x as PagedRow['funding']} />
      default:
        return <LiquidationItem l={x as PagedRow['liquidations']} />
    }
  }
  return (
    <PagedList
      {...paged(q)}
      items={items}
      render={render}
      itemKey={(x) => `${x.id}`}
      label={label}
      testId={`list-${kind}`}
    />
  )
}
