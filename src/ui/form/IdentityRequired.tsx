import type { IdentityState } from '@common/identity/gate'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import styles from '@/ui/Product.module.css'

/**
 * Shown instead of a product's form while the user does not meet its identity requirement: what is
 * needed (identity approved by an operator, i.e. advanced verification, or for C2C with the
 * requirement off only the basic details), where the user stands, and the way to verification.
 */
export function IdentityRequired({
  product,
  state,
  approvedRequired = true,
}: {
  product: 'c2c' | 'loan'
  state: IdentityState
  approvedRequired?: boolean
}) {
  return (
    <div className={styles.card} role="note" data-testid="identity-required" data-state={state}>
      <p className={styles.sectionTitle}>
        {product === 'loan' ? (
          <Trans>Loans need identity verification approved by our team.</Trans>
        ) : approvedRequired ? (
          <Trans>C2C trading needs identity verification approved by our team.</Trans>
        ) : (
          <Trans>C2C trading needs basic identity verification: your name, nationality and ID number.</Trans>
        )}
      </p>
      {approvedRequired && (
        <p className={styles.hint}>
          {state === 'pending' ? (
            <Trans>Your verification is under review. This opens once it is approved.</Trans>
          ) : state === 'failed' ? (
            <Trans>Your verification was not approved. You can submit it again.</Trans>
          ) : (
            <Trans>Submit your details and ID photos; our team reviews them.</Trans>
          )}
        </p>
      )}
      <Link to="/pages/mine/advanced-verify" className={styles.btn} data-testid="identity-required-link">
        <Trans>Verify identity</Trans>
      </Link>
    </div>
  )
}
