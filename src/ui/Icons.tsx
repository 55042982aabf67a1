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
