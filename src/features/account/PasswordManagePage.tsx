import { updatePasswordSchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { CurrentPasswordField } from '@/ui/form/PresetFields'
import { useForm } from '@/ui/form/use-form'
import { PageHeader } from '@/ui/PageHeader'
import { accountApi } from './api'
import { NewPasswordFields } from './NewPasswordFields'
import { signOut } from './session'

/** Change the login password; every session ends, so the user logs in again. */
export function PasswordManagePage() {
  const qc = useQueryClient()
  const { t } = useLingui()
  const navigate = useNavigate()
  const {
    values: v,
    set,
    errors,
    busy,
    setBusy,
    onSubmit,
  } = useForm({ oldPassword: '', password: '', confirmPassword: '' })

  const submit = onSubmit(updatePasswordSchema, async () => {
    await accountApi.post('safe/updatePassword', v, { loading: true, btnLoading: setBusy })
    signOut(qc, true)
    showToast(t`Password changed. Log in with the new password.`)
    void navigate({ to: '/pages/login/index', replace: true })
  })

  return (
    <>
      <PageHeader title={t`Login password`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <CurrentPasswordField
          label={t`Current password`}
          value={v.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
        />
        <NewPasswordFields label={t`New password`} values={v} set={set} errors={errors} />
        <p className={form.hint}>
          <Trans>After the change every device is logged out, this one too.</Trans>
        </p>
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Change password</Trans>
        </button>
      </form>
    </>
  )
}
