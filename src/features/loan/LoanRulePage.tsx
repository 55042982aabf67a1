import { Trans, useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/ui/PageHeader'
import styles from '@/ui/Product.module.css'

/** pages/loan/rule: the loan rules of docs/spec.md sections 5 and 9, as the server applies them. */
export function LoanRulePage() {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`Loan rules`} backLabel={t`Back`} />
      <div className={styles.page}>
        <section className={styles.card}>
          <ol className={styles.rules}>
            <li>
              <Trans>
                Loans are in USDT, BTC or ETH for 7, 14, 30 or 60 days. Ordinals and BRC20 assets are not
                supported.
              </Trans>
            </li>
            <li>
              <Trans>
                Interest is 1% of the loan amount per month; part of a month counts as a full month (7, 14 and
                30 days: one month; 60 days: two months). The daily rate shown is the term's interest per day.
              </Trans>
            </li>
            <li>
              <Trans>
                An operator reviews each application and may approve a lower amount than asked, or reject it
                with a reason. An approved loan is paid into your funding account within 24 hours (at once on
                approval).
              </Trans>
            </li>
            <li>
              <Trans>
                The credit-loan program requires advanced identity verification and at least one income or
                asset proof in your name.
              </Trans>
            </li>
            <li>
              <Trans>
                Repayment is a single payment when due. The due date falls in the last 3 days of the month in
                which the term ends, moved 1 to 3 days later for weekends or holidays. You are reminded 3 days
                and 1 day before.
              </Trans>
            </li>
            <li>
              <Trans>
                You may repay early, in part or in full, from your funding account or by an on-chain payment
                proven by a voucher. A loan worth more than 3000 USD repays the same total as originally due;
                a smaller loan repays only the interest of the months so far.
              </Trans>
            </li>
            <li>
              <Trans>
                A loan not repaid when due is extended once by 7 days with a penalty of 2.5% of the loan
                amount. If it is still not repaid, it becomes unpaid and customer service contacts you.
              </Trans>
            </li>
            <li>
              <Trans>
                Borrowed funds cannot be withdrawn until repayment is done: what you still owe in a coin stays
                in your funding account, so withdrawals, transfers to other accounts and flash exchange can
                only use the balance above it.
              </Trans>
            </li>
          </ol>
        </section>
      </div>
    </>
  )
}
