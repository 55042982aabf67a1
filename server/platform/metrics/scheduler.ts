import { schedulerInterval, schedulerLastSuccess, schedulerRuns } from './registry'

/**
 * The schedulers this process runs (server/jobs/runner.ts): their passes go to the metrics, and
 * the readiness check asks whether each is alive (a success, or its start, within 3 intervals).
 */
const running = new Map<string, { intervalMs: number; startedAt: number; lastOk: number | null }>()

export function schedulerStarted(job: string, intervalMs: number): void {
  running.set(job, { intervalMs, startedAt: Date.now(), lastOk: null })
  schedulerInterval.set({ job }, intervalMs / 1000)
}

export function schedulerStopped(job: string): void {
  running.delete(job)
  schedulerInterval.remove({ job })
  schedulerLastSuccess.remove({ job })
}

export function schedulerPass(job: string, ok: boolean): void {
  schedulerRuns.inc({ job, result: ok ? 'ok' : 'failed' })
  if (!ok) return
  const now = Date.now()
  schedulerLastSuccess.set({ job }, now / 1000)
  const r = running.get(job)
  if (r) r.lastOk = now
}

/** Schedulers of this process with no success (nor start) within 3 of their intervals. */
export function staleSchedulers(now = Date.now()): string[] {
  const stale: string[] = []
  for (const [job, r] of running)
    if (now - (r.lastOk ?? r.startedAt) > 3 * r.intervalMs + 1000) stale.push(job)
  return stale
}
