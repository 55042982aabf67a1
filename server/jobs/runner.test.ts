import { describe, expect, it } from 'vitest'
import { JobRunner } from './runner'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('JobRunner', () => {
  it('refuses a second start of the same scheduler on the same owner, allows it after stop', async () => {
    const owner = {}
    const a = new JobRunner('test-jobs', owner)
    a.start([])
    expect(() => new JobRunner('test-jobs', owner).start([])).toThrow(/already running/)
    // Another owner (another database) or another name is a different scheduler.
    new JobRunner('test-jobs', {}).start([])
    new JobRunner('other-jobs', owner).start([])
    await a.stop()
    expect(() => new JobRunner('test-jobs', owner).start([])).not.toThrow()
  })

  it('never runs two passes at once and stop waits for the one in flight', async () => {
    const r = new JobRunner('overlap-jobs', {})
    const gate = deferred()
    let runs = 0
    const first = r.once(async () => {
      runs++
      await gate.promise
      return 'done'
    })
    expect(await r.once(async () => runs++)).toBeUndefined()
    let stopped = false
    const stopping = r.stop().then(() => {
      stopped = true
    })
    await Promise.resolve()
    expect(stopped).toBe(false)
    gate.resolve()
    expect(await first).toBe('done')
    await stopping
    expect(stopped).toBe(true)
    expect(runs).toBe(1)
  })

  it('logs a failed pass and runs the next one', async () => {
    const warned: unknown[] = []
    const r = new JobRunner('failing-jobs', {}, { warn: (o) => warned.push(o), info: () => {} })
    expect(
      await r.once(async () => {
        throw new Error('boom')
      }),
    ).toBeUndefined()
    expect(warned).toHaveLength(1)
    expect(await r.once(async () => 2)).toBe(2)
  })
})
