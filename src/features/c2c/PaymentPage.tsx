import type { PaymentMethod } from '@common/c2c/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { Field } from '@/ui/form/Field'
import { IdentityRequired } from '@/ui/form/IdentityRequired'
import { ImagePicker, type Picked } from '@/ui/ImagePicker'
import { PageHeader } from '@/ui/PageHeader'
import { Sheet } from '@/ui/Sheet'
import { c2cApi, c2cKeys, meQueryOptions } from './api'
import { PAY_KIND } from './labels'
import styles from './styles'

type Kind = 'bank' | 'alipay' | 'wechat'

function AddSheet({ realName, onClose }: { realName: string; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const qc = useQueryClient()
  const [kind, setKind] = useState<Kind>('bank')
  const [account, setAccount] = useState('')
  const [bank, setBank] = useState('')
  const [branch, setBranch] = useState('')
  const [qr, setQr] = useState<Picked[]>([])
  const [busy, setBusy] = useState(false)
  const ok = kind === 'bank' ? /^\d{8,30}$/.test(account) && bank.trim() && branch.trim() : account.trim()
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!ok) return
    const body =
      kind === 'bank'
        ? { kind, name: realName, account, bank: bank.trim(), branch: branch.trim() }
        : { kind, name: realName, account: account.trim(), ...(qr[0] ? { qr: qr[0].id } : {}) }
    try {
      await c2cApi.post<PaymentMethod>('c2c/payment/save', body, { loading: true, btnLoading: setBusy })
      await qc.invalidateQueries({ queryKey: c2cKeys.me() })
      onClose()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <Sheet title={t`Add payment method`} onClose={onClose} closeLabel={t`Close`} testId="c2c-payment-sheet">
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <ChoiceChips
          label={t`Payment method`}
          value={kind}
          options={(['bank', 'alipay', 'wechat'] as const).map((k) => [k, i18n._(PAY_KIND[k])] as const)}
          onChange={setKind}
        />
        <Field
          label={t`Name`}
          value={realName}
          onChange={() => {}}
          readOnly
          hint={<span className={styles.hint}>{t`Your verified identity name`}</span>}
        />
        {kind === 'bank' ? (
          <>
            <Field
              label={t`Bank`}
              value={bank}
              onChange={setBank}
              maxLength={80}
              data-testid="c2c-pay-bank"
            />
            <Field
              label={t`Branch`}
              value={branch}
              onChange={setBranch}
              maxLength={80}
              data-testid="c2c-pay-branch"
            />
            <Field
              label={t`Card number`}
              value={account}
              onChange={(x) => setAccount(x.replace(/\s/g, ''))}
              inputMode="numeric"
              data-testid="c2c-pay-account"
            />
          </>
        ) : (
          <>
            <Field
              label={t`Account`}
              value={account}
              onChange={setAccount}
              maxLength={80}
              data-testid="c2c-pay-account"
            />
            <span className={styles.hint}>{t`Payment code (optional)`}</span>
            <ImagePicker label={t`Add image`} max={1} value={qr} onChange={setQr} />
          </>
        )}
        <button type="submit" className={styles.btn} disabled={!ok || busy} data-testid="c2c-pay-submit">
          <Trans>Save</Trans>
        </button>
      </form>
    </Sheet>
  )
}

/** pages/transaction/payment: my payment accounts (bank card, Alipay, WeChat) in my verified name. */
export function PaymentPage() {
  const { t, i18n } = useLingui()
  const qc = useQueryClient()
  const me = useQuery(meQueryOptions())
  const [adding, setAdding] = useState(false)
  const remove = async (id: string) => {
    try {
      await c2cApi.post('c2c/payment/delete', { id }, { loading: true })
      await qc.invalidateQueries({ queryKey: c2cKeys.me() })
    } catch {
      // Shown by the http layer.
    }
  }
  const data = me.data
  return (
    <>
      <PageHeader title={t`Payment methods`} backLabel={t`Back`} />
      <div className={styles.page}>
        {data && !data.verified && (
          <IdentityRequired product="c2c" state={data.identity} approvedRequired={data.approvedRequired} />
        )}
        {data?.verified && data.payments.length === 0 && (
          <p className={styles.empty}>
            <Trans>No payment methods yet</Trans>
          </p>
        )}
        {data?.payments.map((p) => (
          <div key={p.id} className={styles.card} data-testid="c2c-payment-item">
            <div className={styles.cardTop}>
              <span className={styles.coin}>{i18n._(PAY_KIND[p.kind])}</span>
              <button type="button" className={styles.btnGhost} onClick={() => void remove(p.id)}>
                <Trans>Delete</Trans>
              </button>
            </div>
            <span>
              {p.name} · {p.bank ? `${p.bank} ${p.branch} · ` : ''}
              {p.account}
            </span>
          </div>
        ))}
        {data?.verified && data.realName && (
          <button
            type="button"
            className={styles.btn}
            onClick={() => setAdding(true)}
            data-testid="c2c-pay-add"
          >
            <Trans>Add payment method</Trans>
          </button>
        )}
      </div>
      {adding && data?.realName && <AddSheet realName={data.realName} onClose={() => setAdding(false)} />}
    </>
  )
}
