import type { ArticleType } from '@common/content/schema'
import { useLingui } from '@lingui/react/macro'

export function useTypeLabels(): Record<ArticleType, string> {
  const { t } = useLingui()
  return {
    news: t`News`,
    notice: t`Notice`,
    help: t`Help academy`,
    service: t`Service page`,
    terms: t`Terms`,
    privacy: t`Privacy`,
    whitepaper: t`Whitepaper`,
  }
}
