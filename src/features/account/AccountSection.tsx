import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { tokenAtom } from '@/lib/store'
import { CellGroup, LinkCell } from '@/ui/CellList'
import form from '@/ui/form/Form.module.css'
import { GearIcon, IdCardIcon, ShieldIcon } from '@/ui/MenuIcons'
import styles from './Account.module.css'
import { Avatar } from './Avatar'
import { userInfoQueryOptions } from './api'
import { IdentityBadge } from './IdentityBadge'

/** The top of Mine: the signed-in profile and account entries, or log-in / register for visitors. */
export function AccountSection() {
  const { t } = useLingui()
  const token = useAtomValue(tokenAtom)
  const me = useQuery({ ...userInfoQueryOptions(), enabled: Boolean(token) })

  if (!token) {
    return (
      <section className={styles.visitor} aria-label={t`Account`}>
        <span className={styles.sub}>
          <Trans>Log in to trade, manage assets and keep your account secure.</Trans>
        </span>
        <div className={styles.visitorActions}>
          <Link to="/pages/login/index" className={form.primary}>
            <Trans>Log in</Trans>
          </Link>
          <Link to="/pages/reg/index" className={form.secondary}>
            <Trans>Register</Trans>
          </Link>
        </div>
      </section>
    )
  }
  const u = me.data
  return (
    <>
      <Link to="/pages/mine/account-set" className={styles.profile} aria-label={t`Account settings`}>
        <Avatar path={u?.avatar ?? null} name={u?.nickname ?? ''} />
        <span className={styles.who}>
          <span className={styles.name}>{u?.nickname ?? '…'}</span>
          {u && (
            <span className={styles.idLine}>
              <span className={styles.sub}>UID {u.uid}</span>
              <IdentityBadge status={u.identity.advanced} />
            </span>
          )}
        </span>
      </Link>
      <CellGroup label={t`Account`}>
        <LinkCell to="/pages/mine/account-set" icon={<GearIcon />} label={t`Account settings`} />
        <LinkCell to="/pages/mine/security" icon={<ShieldIcon />} label={t`Security centre`} />
        <LinkCell to="/pages/mine/advanced-verify" icon={<IdCardIcon />} label={t`Identity verification`} />
      </CellGroup>
    </>
  )
}
