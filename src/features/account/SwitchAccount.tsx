import type { UserInfo } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useAtom } from 'jotai'
import { apiBase } from '@/lib/http/client'
import { Cell, CellGroup, LinkCell } from '@/ui/CellList'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { forget } from './remembered'
import { rememberedAccountsAtom, signIn } from './session'

/**
 * Checks a remembered token without the shared client: its 1003 handling would end the
 * current session, while a stale remembered one should only drop out of the list.
 */
async function profileFor(token: string): Promise<UserInfo | null> {
  try {
    const res = await fetch(`${apiBase().replace(/\/$/, '')}/user/getUserInfo`, {
      headers: { authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    })
    const body = (await res.json()) as { code: number; data: UserInfo }
    return body.code === 200 ? body.data : null
  } catch {
    return null
  }
}

/** Accounts remembered on this device: switch without typing again, or add another. */
export function SwitchAccount({ currentId }: { currentId: string }) {
  const qc = useQueryClient()
  const { t } = useLingui()
  const [list, setList] = useAtom(rememberedAccountsAtom)
  const others = list.filter((a) => a.userId !== currentId)

  const switchTo = async (userId: string) => {
    const acc = list.find((a) => a.userId === userId)
    if (!acc) return
    const user = await profileFor(acc.token)
    if (!user) {
      setList(forget(list, userId))
      showToast(t`That session has ended, please log in again`, { error: true })
      return
    }
    signIn(qc, acc.token, user)
    showToast(t`Switched to ${acc.label}`)
  }

  return (
    <CellGroup label={t`Switch account`}>
      {others.map((a) => (
        <Cell key={a.userId} label={a.nickname} value={a.label}>
          <button type="button" className={form.link} onClick={() => void switchTo(a.userId)}>
            <Trans>Switch</Trans>
          </button>
        </Cell>
      ))}
      <LinkCell to="/pages/login/index" search={{ add: 1 }} label={t`Add another account`} />
    </CellGroup>
  )
}
