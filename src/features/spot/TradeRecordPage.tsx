import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/ui/PageHeader'
import { OrderRecords } from './OrderRecords'

/** pages/assets/trade-record: the user's spot orders and fills, newest first, endless. */
export function TradeRecordPage() {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`Trade records`} backLabel={t`Back`} />
      <OrderRecords tabs={['orders', 'fills']} />
    </>
  )
}
