import type { LoanStatus } from '@common/loan/schema'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** docs/spec.md section 4: under review, review failed, repaying, repaid, unpaid. */
export const STATUS_LABELS: Record<LoanStatus, MessageDescriptor> = {
  reviewing: msg`Under review`,
  rejected: msg`Review failed`,
  repaying: msg`Repaying`,
  repaid: msg`Repaid`,
  unpaid: msg`Unpaid`,
}

/** CSS tone of a status badge. */
export const STATUS_TONE: Record<LoanStatus, 'wait' | 'bad' | 'live' | 'done'> = {
  reviewing: 'wait',
  rejected: 'bad',
  repaying: 'live',
  repaid: 'done',
  unpaid: 'bad',
}
