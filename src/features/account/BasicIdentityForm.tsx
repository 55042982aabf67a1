import { basicIdentitySchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { InlineForm } from '@/ui/form/InlineForm'
import { useForm } from '@/ui/form/use-form'
import { accountApi } from './api'
import { CountrySelect } from './CountrySelect'

export function BasicIdentityForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const {
    values: v,
    set,
    errors,
    busy,
    setBusy,
    onSubmit,
  } = useForm({ nationality: 'CN', realName: '', idNumber: '' })
  const submit = onSubmit(basicIdentitySchema, async () => {
    await accountApi.post('user/identity/basic', v, { loading: true, btnLoading: setBusy })
    onDone()
  })
  return (
    <InlineForm label={t`Basic verification`} heading onSubmit={submit}>
      <div className={form.field}>
        <span className={form.label}>
          <Trans>Nationality</Trans>
        </span>
        <CountrySelect
          nationality
          label={t`Nationality`}
          value={v.nationality}
          onChange={set('nationality')}
        />
      </div>
      <Field
        label={t`Real name`}
        value={v.realName}
        onChange={set('realName')}
        error={errors.realName}
        autoComplete="name"
      />
      <Field
        label={t`ID number`}
        value={v.idNumber}
        onChange={set('idNumber')}
        error={errors.idNumber}
        autoComplete="off"
      />
      <button type="submit" className={form.primary} disabled={busy}>
        <Trans>Submit</Trans>
      </button>
    </InlineForm>
  )
}
