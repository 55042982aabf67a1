/** Line icons drawn inline (no icon font or CDN). */
export const props = {
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
export const MegaphoneIcon = () => (
  <svg {...props} aria-hidden="true">
    <path d="M4 10v4h3l6 4V6L7 10zM16 9a4 4 0 0 1 0 6" />
  </svg>
)

/** News. */
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

/**
 * The platform's mark (public/icons/icon.svg, drawn by scripts/make-icons.mjs), inline: an SVG
 * file as an <img> is a document of its own, tens of milliseconds to set up on a phone.
 */
export const BrandMark = ({ className }: { className?: string }) => (
  <svg className={className} width={32} height={32} viewBox="0 0 512 512" aria-hidden="true">
    <rect width="512" height="512" rx="112" fill="#1f6feb" />
    <g transform="translate(256 256) scale(0.8) translate(-256 -256)">
      <path
        d="M104 360 L200 232 L280 296 L408 136"
        stroke="#fff"
        strokeWidth="44"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="408" cy="136" r="30" fill="#3fb950" />
    </g>
  </svg>
)
