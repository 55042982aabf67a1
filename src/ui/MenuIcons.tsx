/**
 * Line icons of the menu rows (Mine, account, content and service links): a module apart from
 * Icons.tsx, whose icons the first screens draw, so those screens do not download these.
 */
import { props } from './Icons'

export const InfoIcon = () => (
  <svg {...props} aria-hidden="true">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </svg>
)

export const CheckIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M5 12l5 5 9-10" />
  </svg>
)

export const GearIcon = () => (
  <svg {...props} aria-hidden="true">
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </svg>
)

/** Security centre. */
export const ShieldIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
  </svg>
)

/** Identity verification. */
export const IdCardIcon = () => (
  <svg {...props} aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.5-1.5 1.7-2 3-2s2.5.5 3 2M14 10h4M14 14h3" />
  </svg>
)

/** Invite friends. */
export const GiftIcon = () => (
  <svg {...props} aria-hidden="true">
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-3.5-5-1s5 1 5 1zM12 8c1.5-3 5-3.5 5-1s-5 1-5 1z" />
  </svg>
)

/** VIP centre. */
export const CrownIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M3 8l4 4 5-6 5 6 4-4-2 11H5z" />
  </svg>
)

/** The notification inbox. */
export const InboxIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M3 13l3-8h12l3 8v6H3z" />
    <path d="M3 13h5l1 3h6l1-3h5" />
  </svg>
)

/** Notification settings (push). */
export const BellIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
  </svg>
)

/** Price alerts: a price line with a trigger point. */
export const PulseIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M3 12h4l3-7 4 14 3-7h4" />
  </svg>
)

/** Help academy. */
export const BookIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16M8 7h8" />
  </svg>
)

/** Notices (announcements). */
export const NewsIcon = () => (
  <svg {...props} aria-hidden="true">
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 8h10M7 12h10M7 16h6" />
  </svg>
)

/** Service articles (terms, fees, how the platform works). */
export const DocumentIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6" />
  </svg>
)

/** Live customer service. */
export const HeadsetIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 2h-4" />
  </svg>
)

/** Work orders (support tickets). */
export const TicketIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" />
    <path d="M14 7v10" strokeDasharray="2 2" />
  </svg>
)

/** A newer version is available. */
export const UpdateIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
  </svg>
)

/** Order history: a clock with a turning-back arrow; 16 px beside a text link. */
