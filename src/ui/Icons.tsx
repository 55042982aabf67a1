/** Line icons drawn inline (no icon font or CDN). */
const props = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

export const HomeIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
)

export const UserIcon = () => (
  <svg {...props} aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </svg>
)

export const GlobeIcon = () => (
  <svg {...props} aria-hidden="true">
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
  </svg>
)

export const MoonIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" />
  </svg>
)

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

export const ChartIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 19V9M10 19V5M16 19v-7M22 19H2" />
  </svg>
)

export const SunIcon = () => (
  <svg {...props} aria-hidden="true">
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
)

/** Open eye: balances shown; `off` crosses it out (balances hidden). */
export const EyeIcon = ({ off = false }: { off?: boolean }) => (
  <svg {...props} width={20} height={20} aria-hidden="true">
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {off && <path d="M3 3l18 18" />}
  </svg>
)

/** Account settings. */
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
export const MegaphoneIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 10v4h3l6 4V6L7 10zM16 9a4 4 0 0 1 0 6" />
  </svg>
)

/** News. */
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
export const HistoryIcon = () => (
  <svg {...props} width={16} height={16} aria-hidden="true">
    <path d="M12 7v5l3 2M3.5 12a8.5 8.5 0 1 0 2.5-6M3 4v4h4" />
  </svg>
)

/* The four fund actions: one drawing each wherever they appear (home shortcuts, assets, hero). */

/** Deposit (money coming in). */
export const DepositIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M12 3v12M7 10l5 5 5-5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </svg>
)

/** Withdraw (money going out). */
export const WithdrawIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </svg>
)

/** Transfer between one's own accounts. */
export const TransferIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 8h14M14 4l4 4-4 4" />
    <path d="M20 16H6M10 12l-4 4 4 4" />
  </svg>
)

/** Flash exchange of one coin for another (not the Trade tab's arrows). */
export const ExchangeIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M20 11a8 8 0 0 0-14.6-4.5M4 4v3h3" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5M20 20v-3h-3" />
  </svg>
)
