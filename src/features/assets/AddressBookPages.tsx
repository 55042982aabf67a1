import { COINS } from '@common/assets/chains'
import { addressBookSaveSchema } from '@common/assets/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { assetsKeys } from '@/lib/assets/balances'
import { fieldErrors } from '@/lib/form/validate'
import { showToast } from '@/ui/feedback'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { ControlField, TradePasswordField } from '@/ui/form/PresetFields'
import { PageHeader } from '@/ui/PageHeader'
import product from '@/ui/Product.module.css'
import { SelectSheet } from '@/ui/SelectSheet'
import { Switch } from '@/ui/Switch'
import styles from './Assets.module.css'
import { addressBookQueryOptions, assetsApi } from './api'
import { AddressField, CoinField } from './parts'

/** The withdrawal address book and its address-book-only switch. */
export function MyWalletPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { data } = useQuery(addressBookQueryOptions())
  const [askPassword, setAskPassword] = useState(false)
  const [tradePassword, setTradePassword] = useState('')

  const setMode = async (only: boolean, password?: string) => {
    try {
      await assetsApi.post(
        'assets/address-book/mode',
        { only, ...(password ? { tradePassword: password } : {}) },
        { loading: true },
      )
      setAskPassword(false)
      setTradePassword('')
      await qc.invalidateQueries({ queryKey: assetsKeys.root })
    } catch {
      // Shown by the http layer.
    }
  }
  const remove = async (id: string) => {
    try {
      await assetsApi.post('assets/address-book/delete', { id }, { loading: true })
      showToast(t`Deleted`)
      await qc.invalidateQueries({ queryKey: assetsKeys.root })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader
        title={t`Withdrawal address book`}
        backLabel={t`Back`}
        right={
          <Link to="/pages/assets/wallet-operation" search={{}} className={product.headLink}>
            <Trans>Add</Trans>
          </Link>
        }
      />
      <div className={form.page}>
        <div className={styles.card}>
          <div className={styles.row}>
            <span>
              <Trans>Withdraw only to address-book addresses</Trans>
            </span>
            <Switch
              checked={data?.only ?? false}
              label={t`Withdraw only to address-book addresses`}
              onChange={(on) => (on ? void setMode(true) : setAskPassword(true))}
            />
          </div>
          {askPassword && (
            <form
              className={form.page}
              style={{ padding: 0 }}
              onSubmit={(e) => {
                e.preventDefault()
                void setMode(false, tradePassword)
              }}
            >
              <TradePasswordField
                label={t`Trade password`}
                value={tradePassword}
                onChange={(x) => setTradePassword(x.trim())}
              />
              <button type="submit" className={form.primary}>
                <Trans>Turn off</Trans>
              </button>
            </form>
          )}
        </div>
      </div>
      {data && data.list.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No data</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Saved addresses`}>
          {(data?.list ?? []).map((b) => (
            <li key={b.id} className={styles.item}>
              <div className={styles.row}>
                <strong>
                  {b.coin} · {b.chain}
                </strong>
                <span className={styles.sub}>{b.remark}</span>
              </div>
              <span className={styles.address}>{b.address}</span>
              <div className={styles.row} style={{ justifyContent: 'flex-end' }}>
                <Link to="/pages/assets/wallet-operation" search={{ id: b.id }} className={form.link}>
                  <Trans>Edit</Trans>
                </Link>
                <button type="button" className={form.link} onClick={() => void remove(b.id)}>
                  <Trans>Delete</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** Add or edit one address-book entry: chain type, coin, address, remark. */
export function WalletOperationPage({ id, coin, chain }: { id?: string; coin?: string; chain?: string }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const router = useRouter()
  const book = useQuery(addressBookQueryOptions())
  const existing = id ? book.data?.list.find((b) => b.id === id) : undefined
  const [edited, setV] = useState<{ coin: string; chain: string; address: string; remark: string } | null>(
    null,
  )
  const v =
    edited ??
    (existing
      ? { coin: existing.coin, chain: existing.chain, address: existing.address, remark: existing.remark }
      : { coin: coin ?? 'USDT', chain: chain ?? '', address: '', remark: '' })
  const chains = COINS.find((c) => c.code === v.coin)?.chains ?? []
  const chainId = chains.some((c) => c.id === v.chain) ? v.chain : (chains[0]?.id ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof v) => (x: string) => setV({ ...v, [k]: x })

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = {
      ...(id ? { id } : {}),
      ...v,
      chain: chainId,
      address: v.address.trim(),
      remark: v.remark.trim(),
    }
    const errs = fieldErrors(addressBookSaveSchema, body)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      await assetsApi.post('assets/address-book/save', body, { loading: true, btnLoading: setBusy })
      showToast(t`Saved`)
      await qc.invalidateQueries({ queryKey: assetsKeys.root })
      router.history.back()
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={id ? t`Edit address` : t`Add address`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <CoinField
          testId="book-coin"
          value={v.coin}
          coins={COINS.map((c) => ({ code: c.code }))}
          onChange={set('coin')}
        />
        <ControlField label={<Trans>Chain type</Trans>}>
          {(id) => (
            <SelectSheet
              id={id}
              label={t`Chain type`}
              testId="book-chain"
              value={chainId}
              options={chains.map((c) => ({ value: c.id, label: c.id }))}
              onChange={set('chain')}
            />
          )}
        </ControlField>
        <AddressField value={v.address} onChange={set('address')} error={errors.address} />
        <Field
          label={t`Remark`}
          value={v.remark}
          onChange={set('remark')}
          error={errors.remark}
          maxLength={30}
        />
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  )
}
