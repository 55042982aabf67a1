import { LOAN_COINS } from '@common/loan/rules'
import type { LoanProduct } from '@common/loan/schema'
import { mul, round } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { tokenAtom } from '@/lib/store'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { IdentityRequired } from '@/ui/form/IdentityRequired'
import { PageHeader } from '@/ui/PageHeader'
import styles from '@/ui/Product.module.css'
import { Stat } from '@/ui/Stat'
import { ApplySheet } from './ApplySheet'
import { loanMeQueryOptions, productsQueryOptions } from './api'
import { LoanCoin } from './StatusBadge'

/** pages/loan/index: the loan products by coin, each with its rate, term and limits; apply opens the calculator. */
export function LoanIndexPage() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const navigate = useNavigate()
  const token = useAtomValue(tokenAtom)
  const products = useQuery(productsQueryOptions())
  // Signed in: whether loans need an approved identity I do not have yet (shown before the form).
  const me = useQuery({ ...loanMeQueryOptions(), enabled: Boolean(token) })
  const [coin, setCoin] = useState<string>('USDT')
  const [open, setOpen] = useState<LoanProduct | null>(null)
  const list = (products.data ?? []).filter((p) => p.coin === coin)
  const pct = (r: string, dp: number) => `${amount(round(mul(r, '100'), dp, 'half-up'), { dp })}%`

  const apply = (p: LoanProduct) => {
    if (!token) void navigate({ to: '/pages/login/index' })
    else setOpen(p)
  }

  return (
    <>
      <PageHeader
        title={t`Loan`}
        backLabel={t`Back`}
        right={
          <Link to="/pages/loan/record" className={styles.headLink} data-testid="loan-records">
            <Trans>My loans</Trans>
          </Link>
        }
      />
      <div className={styles.page}>
        <section className={styles.hero}>
          <h2>
            <Trans>Borrow USDT, BTC or ETH</Trans>
          </h2>
          <p>
            <Trans>
              1% interest per month, paid out within 24 hours of approval, repaid in one payment when due.
            </Trans>
          </p>
          <div className={styles.heroLinks}>
            <Link to="/pages/loan/rule" className={styles.chip}>
              <Trans>Loan rules</Trans>
            </Link>
            <Link to="/pages/loan/record" className={styles.chip}>
              <Trans>Repay a loan</Trans>
            </Link>
          </div>
        </section>
        {token && me.data?.approvedRequired && me.data.identity !== 'verified' && (
          <IdentityRequired product="loan" state={me.data.identity} />
        )}
        <ChoiceChips
          label={t`Coin`}
          value={coin}
          options={LOAN_COINS.map((c) => [c, c] as const)}
          onChange={setCoin}
        />
        {products.isSuccess && list.length === 0 && (
          <p className={styles.empty}>
            <Trans>No products for this coin right now</Trans>
          </p>
        )}
        <ul
          style={{
            display: 'flex',
            flexDirection: 'column',
            listStyle: 'none',
            padding: 0,
            margin: 0,
            gap: 12,
          }}
          aria-label={t`Loan products`}
        >
          {list.map((p) => (
            <li key={p.id} className={styles.card} data-testid="loan-product">
              <div className={styles.cardTop}>
                <LoanCoin of={p} />
                <span className={styles.rateBox}>
                  <small>{t`Daily rate`}</small>
                  <span className={styles.rate}>{pct(p.dailyRate, 4)}</span>
                </span>
              </div>
              <dl className={styles.grid}>
                <Stat label={t`Monthly rate`}>{pct(p.monthlyRate, 2)}</Stat>
                <Stat label={t`Min`}>{amount(p.minAmount)}</Stat>
                <Stat label={t`Max`}>{amount(p.maxAmount)}</Stat>
              </dl>
              <div className={styles.cardTop}>
                <span className={styles.hint}>{p.institution}</span>
                <button
                  type="button"
                  className={styles.btn}
                  onClick={() => apply(p)}
                  data-testid="loan-apply"
                >
                  <Trans>Borrow</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      {open && <ApplySheet product={open} me={me.data} onClose={() => setOpen(null)} />}
    </>
  )
}
