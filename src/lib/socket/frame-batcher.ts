/**
 * Queues work and runs it all in one animation frame, so a burst of socket messages paints once.
 */
export function createFrameBatcher(
  schedule: (cb: () => void) => unknown = (cb) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16),
) {
  let queue: (() => void)[] = []
  let scheduled = false
  const run = () => {
    scheduled = false
    const work = queue
    queue = []
    for (const fn of work) fn()
  }
  return {
    push(fn: () => void): void {
      queue.push(fn)
      if (!scheduled) {
        scheduled = true
        schedule(run)
      }
    },
  }
}
