// Finds Debian's Chromium for Playwright (it never downloads a browser of its own here).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  )
  return candidates.find((p) => fs.existsSync(p)) ?? null
}

/** Returns the path, installing Debian's package first when we may (root with apt-get). */
export function ensureChromium() {
  let found = chromiumPath()
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian package "chromium"…')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    found = chromiumPath()
  }
  if (!found) {
    console.error(
      'Chromium is needed for the browser tests: apt-get install chromium (or set CHROMIUM_PATH).',
    )
    process.exit(1)
  }
  return found
}
