import type { HelpCategory } from '@common/content/schema'
import { useLingui } from '@lingui/react/macro'

/** Display names of the help academy categories. */
export function useCategoryLabels(): Record<HelpCategory, string> {
  const { t } = useLingui()
  return {
    start: t`Getting started`,
    funds: t`Funds and fees`,
    trading: t`Trading`,
    security: t`Security`,
    account: t`Account and rewards`,
  }
}
