/** A picture (frame, sun, hills): the control that adds an image. */
export function PictureIcon({ size = 22, stroke = 1.8 }: { size?: number; stroke?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <rect
        x="3"
        y="5"
        width="18"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth={stroke}
      />
      <circle cx="9" cy="10" r={stroke} fill="currentColor" />
      <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth={stroke} />
    </svg>
  )
}
