/** Line icons of the four fund actions (deposit, withdraw, transfer, exchange), drawn inline. */
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

export const DepositIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M12 3v12M7 10l5 5 5-5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </svg>
)

export const WithdrawIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </svg>
)

export const TransferIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 8h14M14 4l4 4-4 4" />
    <path d="M20 16H6M10 12l-4 4 4 4" />
  </svg>
)

export const ExchangeIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M20 11a8 8 0 0 0-14.6-4.5M4 4v3h3" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5M20 20v-3h-3" />
  </svg>
)
