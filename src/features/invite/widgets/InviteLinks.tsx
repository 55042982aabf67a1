import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { tokenAtom } from '@/lib/store'
import { CellGroup, LinkCell } from '@/ui/CellList'
import { CrownIcon, GiftIcon } from '@/ui/MenuIcons'
import { vipQueryOptions } from '../api'

/** The Mine page's way to the invitation page and the VIP centre, with the mining level (logged in only). */
export function InviteLinks() {
  const { t } = useLingui()
  const token = useAtomValue(tokenAtom)
  const vip = useQuery({ ...vipQueryOptions(), enabled: Boolean(token) })
  if (!token) return null
  const level = vip.data?.mining.level
  return (
    <CellGroup label={t`Rewards`}>
      <LinkCell to="/pages/mine/invite" icon={<GiftIcon />} label={t`Invite friends`} />
      <LinkCell
        to="/pages/mine/vip"
        icon={<CrownIcon />}
        label={t`VIP centre`}
        value={level === undefined ? undefined : t`Mining level ${level}`}
      />
    </CellGroup>
  )
}
