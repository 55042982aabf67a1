import { updateUserInfoSchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'

export function NicknameForm(props: {
  initial: string
  save: (n: string) => Promise<void>
  onDone: () => void
}) {
  const { t } = useLingui()
  const [name, setName] = useState(props.initial)
  const [error, setError] = useState<string>()
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const errs = fieldErrors(updateUserInfoSchema, { nickname: name })
    setError(errs.nickname)
    if (errs.nickname) return
    try {
      await props.save(name)
      props.onDone()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <form className={form.page} onSubmit={submit} noValidate>
      <Field label={t`Nickname`} value={name} onChange={setName} error={error} maxLength={20} autoFocus />
      <div className={form.row}>
        <button type="button" className={form.secondary} style={{ flex: 1 }} onClick={props.onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className={form.primary} style={{ flex: 1 }}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  )
}
