import type { CloseCategory, TicketStatus, TicketType } from '@common/support/schema'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const TYPE_LABELS: Record<TicketType, MessageDescriptor> = {
  account: msg`Account`,
  deposit: msg({ message: 'Deposit', context: 'topic' }),
  withdraw: msg`Withdrawal`,
  trade: msg({ message: 'Trading', context: 'topic' }),
  security: msg`Security`,
  other: msg`Other`,
}

export const STATUS_LABELS: Record<TicketStatus, MessageDescriptor> = {
  open: msg`Waiting for reply`,
  answered: msg`Answered`,
  closed: msg`Closed`,
}

export const CATEGORY_LABELS: Record<CloseCategory, MessageDescriptor> = {
  account: msg`Account`,
  funds: msg`Deposits and withdrawals`,
  trading: msg({ message: 'Trading', context: 'topic' }),
  security: msg`Security`,
  feedback: msg`Feedback`,
  other: msg`Other`,
}
