/**
 * CPU time of processes on this machine, from /proc (Linux), for the benchmarks' CPU-per-order
 * figures. USER_HZ is 100 on Linux.
 */
import fs from 'node:fs'

const TICK_MS = 1000 / 100

/** The 14th-17th fields of /proc/<pid>/stat (utime, stime, cutime, cstime), in ms; null if gone. */
function statTimes(pid: number | string): number[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the parenthesised name start at the 3rd.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return [f[11], f[12], f[13], f[14]].map((x) => Number(x) * TICK_MS)
  } catch {
    return null
  }
}

/** CPU time (ms) one process has used so far; null when it has ended or there is no /proc. */
export function processCpuMs(pid: number): number | null {
  const t = statTimes(pid)
  return t ? (t[0] ?? 0) + (t[1] ?? 0) : null
}

/**
 * CPU time (ms) of this machine's PostgreSQL processes, exited backends included (the
 * postmaster's reaped children); null where there is none to read. The server of DATABASE_URL
 * runs on this machine in development and CI, so the difference over a run is its CPU.
 */
export function postgresCpuMs(): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null
  let ms = 0
  let found = false
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue
    } catch {
      continue // ended between the listing and the read
    }
    const t = statTimes(pid)
    if (!t) continue
    ms += t.reduce((a, b) => a + b, 0)
    found = true
  }
  return found ? ms : null
}
