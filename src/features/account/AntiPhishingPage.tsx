import { antiPhishingSchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { showToast } from '@/ui/feedback'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { CurrentPasswordField } from '@/ui/form/PresetFields'
import { useForm } from '@/ui/form/use-form'
import { PageHeader } from '@/ui/PageHeader'
import { accountApi, accountKeys } from './api'

/** A code of the user's choosing that every e-mail from the platform shows. */
export function AntiPhishingPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const router = useRouter()
  const { values: v, set, errors, busy, setBusy, onSubmit } = useForm({ antiPhishing: '', password: '' })
  const submit = onSubmit(antiPhishingSchema, async () => {
    await accountApi.post('user/antiPhishing', v, { loading: true, btnLoading: setBusy })
    await qc.invalidateQueries({ queryKey: accountKeys.root })
    showToast(t`Saved`)
    router.history.back()
  })
  return (
    <>
      <PageHeader title={t`Anti-phishing code`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <p className={form.hint}>
          <Trans>
            Every e-mail we send shows this code. An e-mail without it, or with another code, is not from us.
          </Trans>
        </p>
        <Field
          label={t`Anti-phishing code`}
          value={v.antiPhishing}
          onChange={set('antiPhishing')}
          error={errors.antiPhishing}
          maxLength={20}
          autoComplete="off"
        />
        <CurrentPasswordField
          label={t`Login password`}
          value={v.password}
          onChange={set('password')}
          error={errors.password}
        />
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  )
}
