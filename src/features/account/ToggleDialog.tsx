import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import form from '@/ui/form/Form.module.css'
import styles from '@/ui/form/Slider.module.css'
import { type Channel, CodeInput } from './CodeInput'

/** Confirms turning a login check on or off with a fresh code of that channel. */
export function ToggleDialog(props: {
  type: Channel
  on: boolean
  submit: (code: string) => Promise<void>
  onClose: () => void
}) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const name = { sms: t`SMS verification`, email: t`E-mail verification`, google: t`Google verification` }[
    props.type
  ]
  const go = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!/^\d{6}$/.test(code.trim())) return setError('invalid_code')
    setBusy(true)
    try {
      await props.submit(code.trim())
      props.onClose()
    } catch {
      // Shown by the http layer.
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.backdrop}>
      <form
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="toggle-title"
        onSubmit={go}
        noValidate
      >
        <h2 id="toggle-title" className={styles.heading}>
          {props.on ? t`Turn on ${name}` : t`Turn off ${name}`}
        </h2>
        <CodeInput type={props.type} value={code} onChange={setCode} error={error} />
        <div className={styles.actions}>
          <button type="button" className={form.secondary} onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={form.primary} disabled={busy}>
            <Trans>Confirm</Trans>
          </button>
        </div>
      </form>
    </div>
  )
}
