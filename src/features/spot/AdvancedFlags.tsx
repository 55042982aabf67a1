import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Switch } from '@/ui/Switch'
import type { LimitFlag } from './limit-flags'
import { segment } from './OrderFormParts'
import styles from './Spot.module.css'

/**
 * The limit ticket's "advanced" switch: off, a GTC order; on, post-only (refused if it would trade
 * at once), IOC (trades what it can now, cancels the rest) or FOK (all now or nothing).
 */
export function AdvancedFlags({
  on,
  flag,
  onToggle,
  onPick,
}: {
  on: boolean
  flag: LimitFlag
  onToggle: (on: boolean) => void
  onPick: (f: LimitFlag) => void
}) {
  const { t } = useLingui()
  const name = useId()
  const hints: Record<LimitFlag, string> = {
    post_only: t`Only adds to the book: refused if it would trade at once`,
    IOC: t`Immediate or cancel: trades what it can now, cancels the rest`,
    FOK: t`Fill or kill: trades the whole amount now, or nothing`,
  }
  return (
    <div className={styles.advanced} data-testid="advanced">
      <div className={styles.advancedRow}>
        <span>{t`Advanced`}</span>
        <Switch checked={on} onChange={onToggle} label={t`Advanced`} />
      </div>
      {on && (
        <>
          <fieldset className={styles.flags} data-testid="limit-flag">
            <legend className="visually-hidden">{t`Advanced`}</legend>
            {segment(
              name,
              'post_only',
              flag === 'post_only',
              t`Post only`,
              () => onPick('post_only'),
              'flag-post-only',
            )}
            {segment(name, 'IOC', flag === 'IOC', t`IOC`, () => onPick('IOC'), 'flag-ioc')}
            {segment(name, 'FOK', flag === 'FOK', t`FOK`, () => onPick('FOK'), 'flag-fok')}
          </fieldset>
          <p className={styles.flagHint}>{hints[flag]}</p>
        </>
      )}
    </div>
  )
}
