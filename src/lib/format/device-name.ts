/** Short device description from a user agent. */
export function deviceName(ua: string): string {
  const os = /Android|iPhone|iPad|Windows|Mac OS X|Linux/.exec(ua)?.[0] ?? ''
  const browser = /(Edg|Chrome|Firefox|Safari)\//.exec(ua)?.[1] ?? ''
  return (
    [browser === 'Edg' ? 'Edge' : browser, os.replace('Mac OS X', 'macOS')].filter(Boolean).join(' · ') ||
    ua.slice(0, 40) ||
    '—'
  )
}
