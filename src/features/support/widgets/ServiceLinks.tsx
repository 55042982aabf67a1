import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { tokenAtom } from '@/lib/store'
import { CellGroup, LinkCell } from '@/ui/CellList'
import { HeadsetIcon, TicketIcon } from '@/ui/MenuIcons'

/** The Mine page's way to customer service: the live chat (anyone) and work orders (logged in). */
export function ServiceLinks() {
  const { t } = useLingui()
  const token = useAtomValue(tokenAtom)
  return (
    <CellGroup label={t`Customer service`}>
      <LinkCell to="/pages/service/home" icon={<HeadsetIcon />} label={t`Online customer service`} />
      {token && <LinkCell to="/pages/work/index" icon={<TicketIcon />} label={t`Work orders`} />}
    </CellGroup>
  )
}
