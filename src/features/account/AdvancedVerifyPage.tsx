import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { identityQueryOptions } from './api'
import { BasicIdentityForm } from './BasicIdentityForm'
import { useStatusText } from './IdentityBadge'
import { PhotosForm } from './PhotosForm'

/** Identity verification: basic details, then three photos -> under review -> verified or failed. */
export function AdvancedVerifyPage() {
  const { t } = useLingui()
  const { data, refetch } = useQuery(identityQueryOptions())
  const statusText = useStatusText()
  const status = data?.advanced.status ?? 'none'
  return (
    <>
      <PageHeader title={t`Identity verification`} backLabel={t`Back`} />
      {data && (
        <div className={form.page}>
          <div className={form.card} role="status">
            <strong>{statusText(status)}</strong>
            {status === 'pending' && (
              <p className={form.hint}>
                <Trans>Submit success, under review. We will update the status here.</Trans>
              </p>
            )}
            {status === 'failed' && (
              <p className={form.hint}>
                <Trans>Reason: {data.advanced.rejectReason ?? '—'}. You can apply again.</Trans>
              </p>
            )}
            {data.basic && (
              <p className={form.hint}>
                {data.basic.realName} · {data.basic.nationality} · {data.basic.idNumber}
              </p>
            )}
          </div>
          {!data.basic && <BasicIdentityForm onDone={() => void refetch()} />}
          {data.basic && (status === 'none' || status === 'failed') && (
            <PhotosForm onDone={() => void refetch()} />
          )}
        </div>
      )}
    </>
  )
}
