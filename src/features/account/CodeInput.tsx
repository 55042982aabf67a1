import { useLingui } from '@lingui/react/macro'
import { CodeField } from '@/ui/form/PresetFields'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { accountApi } from './api'

export type Channel = 'sms' | 'email' | 'google'

/** A code field for one of the user's own channels; SMS and e-mail get a send button. */
export function CodeInput(props: {
  type: Channel
  value: string
  onChange: (v: string) => void
  error?: string
  purpose?: 'security' | 'unbind'
}) {
  const { t } = useLingui()
  const label = { sms: t`SMS code`, email: t`E-mail code`, google: t`Google authenticator code` }[props.type]
  const t2 = props.type
  return (
    <CodeField
      label={label}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      after={
        t2 === 'google' ? undefined : (
          <SendCodeButton
            send={(ticket) =>
              accountApi.post('user/getCode', { channel: t2, purpose: props.purpose ?? 'security', ticket })
            }
          />
        )
      }
    />
  )
}
