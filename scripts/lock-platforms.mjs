// Adds to package-lock.json the platform binaries of optional dependencies that the registry
// mirror did not list (other operating systems' @biomejs/cli-*, @rollup/rollup-*, @rolldown/binding-*),
// so `npm ci` accepts the lock on any machine. Each entry is marked optional with its os / cpu / libc
// (read from the package name, as these packages name themselves), so npm skips it where it does not
// apply and fetches it by version where it does. Run after `npm install`: node scripts/lock-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const pkgs = lock.packages

const OS = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
]
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  loong64: 'loong64',
  riscv64: 'riscv64',
  wasm32: 'wasm32',
}

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.map((p) => CPU[p]).find(Boolean)
  if (!os && cpu !== 'wasm32') return null
  const out = {}
  if (cpu) out.cpu = [cpu]
  if (os === 'linux') out.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc']
  if (os) out.os = [os]
  return out
}

function found(from, name) {
  // Node's lookup: node_modules/<name> inside `from`, then next to it, then in each parent.
  let dir = from
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`
    if (pkgs[key]) return pkgs[key]
    if (!dir) return null
    const i = dir.lastIndexOf('/node_modules/')
    dir = i < 0 ? (dir.startsWith('node_modules/') ? '' : null) : dir.slice(0, i)
    if (dir === null) return null
  }
}

function container(path) {
  // node_modules/vite/node_modules/rolldown -> node_modules/vite; node_modules/x -> ''
  const i = path.lastIndexOf('/node_modules/')
  return i < 0 ? '' : path.slice(0, i)
}

let added = 0
for (const [path, meta] of Object.entries({ ...pkgs })) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const hit = found(path, name)
    const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)
    if (hit && (hit.version === spec || !exact)) continue
    const platform = platformOf(name)
    if (!platform || !exact) {
      console.warn(`left out ${name}@${spec} (needed by ${path || 'the root'}): not a pinned platform binary`)
      continue
    }
    // Keys in the order npm writes them, so a later `npm install` leaves the file as it is.
    const entry = { version: spec }
    if (platform.cpu) entry.cpu = platform.cpu
    if (meta.dev) entry.dev = true
    if (meta.devOptional) entry.devOptional = true
    if (platform.libc) entry.libc = platform.libc
    entry.optional = true
    if (platform.os) entry.os = platform.os
    if (meta.peer) entry.peer = true
    const base = container(path)
    const beside = base ? `${base}/node_modules/${name}` : `node_modules/${name}`
    pkgs[pkgs[beside] ? `${path}/node_modules/${name}` : beside] = entry
    added++
  }
}

lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`package-lock.json: ${added} platform entries added`)
