import { depositSchema } from '@common/assets/schema'
import type { DepositRow } from '@common/assets/types'
import { isZero } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { fieldErrors } from '@/lib/form/validate'
import { compressImage } from '@/lib/image/compress-image'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { InlineForm } from '@/ui/form/InlineForm'
import { PageHeader } from '@/ui/PageHeader'
import { PictureIcon } from '@/ui/PictureIcon'
import styles from './Assets.module.css'
import { assetsApi, chainsQueryOptions, depositAddressQueryOptions, depositsQueryOptions } from './api'
import { ChainDepositPanel } from './ChainDepositPanel'
import { RecordsSection } from './InfiniteList'
import { fieldReason } from './labels'
import { ChainChips, DepositItem } from './parts'
import { useMoney } from './use-money'

/** Deposit: choose the chain, send to the operator-set address, then report the amount with a proof. */
export function RechargePage({ coin }: { coin: string }) {
  const { t, i18n } = useLingui()
  const qc = useQueryClient()
  const { fmt } = useMoney()
  const chains = useQuery(chainsQueryOptions())
  const coinChains = chains.data?.find((c) => c.coin === coin)?.chains ?? []
  const [chain, setChain] = useState<string | null>(null)
  const current =
    coinChains.find((c) => c.chain === chain) ?? coinChains.find((c) => c.depositOpen) ?? coinChains[0]
  useEffect(() => {
    if (current && chain === null) setChain(current.chain)
  }, [current, chain])
  const address = useQuery({
    ...depositAddressQueryOptions(coin, current?.chain ?? ''),
    enabled: Boolean(current?.depositOpen),
  })
  const records = useInfiniteQuery(depositsQueryOptions())
  const amountId = useId()
  const [amount, setAmount] = useState('')
  const [proof, setProof] = useState<{ id: string; preview: string } | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const copy = async () => {
    if (!address.data) return
    try {
      await navigator.clipboard.writeText(address.data.address)
      showToast(t`Copied`)
    } catch {
      showToast(t`Copy failed, select the address and copy it by hand`, { error: true })
    }
  }

  const pick = async (file: File | undefined) => {
    if (!file) return
    try {
      const jpeg = await compressImage(file)
      const up = await assetsApi.upload(jpeg)
      setProof({ id: up.id, preview: URL.createObjectURL(jpeg) })
    } catch {
      showToast(t`File format or type error`, { error: true })
    }
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!current) return
    const body = { coin, chain: current.chain, amount, voucher: proof?.id ?? '' }
    const errs = fieldErrors(depositSchema, body)
    setErrors(errs)
    if (errs.voucher) return showToast(t`Add a payment proof image`, { error: true })
    if (Object.keys(errs).length) return
    try {
      await assetsApi.post('assets/deposit', body, { loading: true, btnLoading: setBusy })
      showToast(t`Submitted, under review`)
      setAmount('')
      setProof(null)
      await balancesChanged(qc, 'deposit', { now: true })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={t`Deposit ${coin}`} backLabel={t`Back`} />
      <div className={form.page}>
        <ChainChips chains={coinChains} value={current?.chain} onChange={setChain} />
        {current && !current.depositOpen ? (
          <p className={styles.notice} role="status">
            <Trans>Deposits for this coin are not open</Trans>
          </p>
        ) : address.isError ? (
          <p className={styles.notice} role="status">
            <Trans>Deposits for this coin are not open</Trans>
          </p>
        ) : address.data ? (
          <>
            <section className={styles.card} aria-label={t`Deposit address`}>
              <img className={styles.qr} src={address.data.qr} alt={t`QR code of the deposit address`} />
              <span className={form.label}>
                <Trans>Deposit address</Trans>
              </span>
              <span className={styles.address} data-testid="deposit-address">
                {address.data.address}
              </span>
              <button type="button" className={form.secondary} onClick={() => void copy()}>
                <Trans>Copy address</Trans>
              </button>
            </section>
            {address.data.watched ? (
              <ChainDepositPanel address={address.data} />
            ) : (
              <>
                <p className={styles.notice}>
                  {isZero(address.data.minAmount) ? (
                    <Trans>
                      Send only {coin} on {address.data.chain} to this address. It needs{' '}
                      {address.data.confirmations} network confirmations and is credited within 2 to 5 minutes
                      after review.
                    </Trans>
                  ) : (
                    <Trans>
                      Send only {coin} on {address.data.chain} to this address. Minimum deposit{' '}
                      {address.data.minAmount} {coin}. It needs {address.data.confirmations} network
                      confirmations and is credited within 2 to 5 minutes after review.
                    </Trans>
                  )}
                </p>
                <InlineForm label={t`Report deposit`} onSubmit={submit}>
                  <div className={form.field}>
                    <label htmlFor={amountId} className={form.label}>
                      <Trans>Amount sent</Trans>
                    </label>
                    <DecimalInput
                      id={amountId}
                      className={form.input}
                      value={amount}
                      onChange={setAmount}
                      aria-invalid={errors.amount ? true : undefined}
                    />
                    {errors.amount && (
                      <span className={form.error} role="alert">
                        {fieldReason(i18n, errors.amount)}
                      </span>
                    )}
                  </div>
                  <label className={styles.card} style={{ cursor: 'pointer' }}>
                    <span className={form.label}>
                      <Trans>Payment proof</Trans>
                    </span>
                    {proof ? (
                      <img className={styles.proof} src={proof.preview} alt={t`Payment proof`} />
                    ) : (
                      <span className={`${form.secondary} ${styles.picker}`}>
                        <PictureIcon size={20} stroke={1.6} />
                        <Trans>Choose an image</Trans>
                      </span>
                    )}
                    <input
                      type="file"
                      accept="image/*"
                      className="visually-hidden"
                      style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
                      onChange={(e) => void pick(e.target.files?.[0])}
                    />
                  </label>
                  <button type="submit" className={form.primary} disabled={busy}>
                    <Trans>I have sent it</Trans>
                  </button>
                </InlineForm>
              </>
            )}
          </>
        ) : null}
      </div>
      <RecordsSection<DepositRow>
        query={records}
        title={t`Deposit records`}
        itemKey={(r) => r.id}
        render={(r) => <DepositItem r={r} amount={fmt.amount} />}
      />
    </>
  )
}
