import type { ContractInstrument } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { Sheet } from '@/ui/Sheet'
import styles from './Contract.module.css'

const CalculatorSheet = lazy(() => import('./CalculatorSheet').then((m) => ({ default: m.CalculatorSheet })))

/** The trade page's menu: calculator, records, funding-rate history, risk protection fund. */
export function TradeMenu({
  symbol,
  inst,
  onClose,
}: {
  symbol: string
  inst: ContractInstrument | undefined
  onClose: () => void
}) {
  const { t } = useLingui()
  const [calc, setCalc] = useState(false)
  if (calc && inst) {
    return (
      <Suspense fallback={null}>
        <CalculatorSheet inst={inst} onClose={onClose} />
      </Suspense>
    )
  }
  return (
    <Sheet title={t`More`} onClose={onClose} closeLabel={t`Close`} testId="trade-menu-sheet">
      <ul className={styles.menu}>
        {inst && (
          <li>
            <button type="button" data-testid="open-calculator" onClick={() => setCalc(true)}>
              {t`Calculator`}
            </button>
          </li>
        )}
        <li>
          <Link to="/pages/assets/leverage-record" search={{ tab: 'orders' }}>
            {t`Contract records`}
          </Link>
        </li>
        <li>
          <Link to="/pages/trade/funding-rate" search={{ symbol }}>
            {t`Funding rate history`}
          </Link>
        </li>
        <li>
          <Link to="/pages/trade/risk-fund">{t`Risk protection fund`}</Link>
        </li>
      </ul>
    </Sheet>
  )
}
