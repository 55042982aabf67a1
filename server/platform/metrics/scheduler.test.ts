import { describe, expect, it } from 'vitest'
import { registry } from './registry'
import { schedulerPass, schedulerStarted, schedulerStopped, staleSchedulers } from './scheduler'

describe('scheduler metrics', () => {
  it('records passes and calls a job stale after 3 intervals without a success', async () => {
    const t0 = Date.now()
    schedulerStarted('probe-job', 10_000)
    expect(staleSchedulers(t0 + 20_000)).toEqual([])
    expect(staleSchedulers(t0 + 40_000)).toEqual(['probe-job'])
    schedulerPass('probe-job', false)
    expect(staleSchedulers(t0 + 40_000)).toEqual(['probe-job'])
    schedulerPass('probe-job', true)
    expect(staleSchedulers(Date.now() + 20_000)).toEqual([])
    const text = await registry.metrics()
    expect(text).toContain('exchange_scheduler_runs_total{job="probe-job",result="failed"} 1')
    expect(text).toContain('exchange_scheduler_runs_total{job="probe-job",result="ok"} 1')
    expect(text).toMatch(/exchange_scheduler_last_success_timestamp_seconds\{job="probe-job"\} \d/)
    expect(text).toContain('exchange_scheduler_interval_seconds{job="probe-job"} 10')
    schedulerStopped('probe-job')
    expect(staleSchedulers(t0 + 1e9)).toEqual([])
  })
})
