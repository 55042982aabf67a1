import { orderFigures } from '@common/c2c/rules'
import type { C2cAd, C2cOrder } from '@common/c2c/schema'
import { gt } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { Field } from '@/ui/form/Field'
import { IdentityRequired } from '@/ui/form/IdentityRequired'
import { Sheet } from '@/ui/Sheet'
import { Stat } from '@/ui/Stat'
import { c2cApi, c2cKeys, meQueryOptions } from './api'
import { PAY_KIND } from './labels'
import styles from './styles'

const DEC = /^\d{1,20}(\.\d{1,18})?$/

/** Taking an ad: a fiat amount or a quantity, within the ad's limits; opens the order. */
export function OrderSheet({ ad, onClose }: { ad: C2cAd; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const { amount: fmt } = useFormat()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [by, setBy] = useState<'amount' | 'quantity'>('amount')
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const me = useQuery(meQueryOptions())
  const gate = me.data && !me.data.verified ? me.data : null
  const buying = ad.side === 'sell'
  const demo = ad.advertiser.demo
  const valid = DEC.test(value) && gt(value, '0') && (by === 'quantity' || !/\.\d{3,}$/.test(value))
  const fig = valid
    ? orderFigures(ad.price, by === 'amount' ? { amount: value } : { quantity: value }, ad.precision)
    : null

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!valid) return
    try {
      const o = await c2cApi.post<C2cOrder>(
        'c2c/order/create',
        { adId: ad.id, [by]: value },
        { loading: true, btnLoading: setBusy },
      )
      await qc.invalidateQueries({ queryKey: c2cKeys.root })
      onClose()
      void navigate({ to: '/pages/transaction/order', search: { id: o.id } })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <Sheet
      title={buying ? t`Buy ${ad.coin}` : t`Sell ${ad.coin}`}
      onClose={onClose}
      closeLabel={t`Close`}
      testId="c2c-order-sheet"
    >
      {gate ? (
        <IdentityRequired product="c2c" state={gate.identity} approvedRequired={gate.approvedRequired} />
      ) : (
        <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <ChoiceChips
            label={t`Enter by`}
            value={by}
            options={[
              ['amount', t`By amount`],
              ['quantity', t`By quantity`],
            ]}
            onChange={setBy}
          />
          <Field
            decimal
            label={by === 'amount' ? t`Amount (${ad.fiat})` : t`Quantity (${ad.coin})`}
            value={value}
            onChange={setValue}
            placeholder={`${fmt(ad.minAmount)} - ${fmt(ad.maxAmount)} ${ad.fiat}`}
            data-testid="c2c-order-value"
          />
          <dl className={styles.kv}>
            <Stat label={t`Price`}>
              {fmt(ad.price)} {ad.fiat}
            </Stat>
            <Stat label={t`Quantity`}>{fig ? `${fmt(fig.quantity)} ${ad.coin}` : '--'}</Stat>
            <Stat label={t({ message: 'Amount', context: 'fiat sum' })} className={styles.strong}>
              {fig ? `${fmt(fig.amount)} ${ad.fiat}` : '--'}
            </Stat>
            <Stat label={t`Available`}>
              {fmt(ad.remaining)} {ad.coin}
            </Stat>
            <Stat label={t`Payment window`}>{t`${ad.payWindow} minutes`}</Stat>
            <Stat label={t`Payment method`}>{ad.payKinds.map((k) => i18n._(PAY_KIND[k])).join(' · ')}</Stat>
          </dl>
          {demo ? (
            <p className={styles.hint} role="note" data-testid="c2c-demo-note">
              <Trans>This is an example ad of a new installation: it cannot be traded.</Trans>
            </p>
          ) : (
            ad.remark && <p className={styles.hint}>{ad.remark}</p>
          )}
          <p className={styles.hint}>
            {buying ? (
              <Trans>
                The seller's coins are held in escrow when the order opens. Pay within the window, only to an
                account shown in the order, then mark it as paid.
              </Trans>
            ) : (
              <Trans>
                Your coins are held in escrow when the order opens. Release them only after the money is in
                your account.
              </Trans>
            )}
          </p>
          <button
            type="submit"
            className={styles.btn}
            disabled={!valid || busy || demo}
            data-testid="c2c-order-submit"
          >
            {buying ? t`Buy` : t`Sell`}
          </button>
        </form>
      )}
    </Sheet>
  )
}
