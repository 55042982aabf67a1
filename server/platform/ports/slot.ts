/**
 * One port's implementation. The owning product module provides it once per process at start-up
 * (its manifest's `provide`, run by providePorts in server/modules/index.ts before any route or
 * job runs); a caller that finds it empty has a wiring bug, so it fails loudly instead of guessing.
 */
export interface Slot<T> {
  provide(impl: T): void
  get(): T
}

export function slot<T>(name: string): Slot<T> {
  let impl: T | undefined
  return {
    provide(next) {
      impl = next
    },
    get() {
      if (impl === undefined)
        throw new Error(`platform port "${name}" is not provided (providePorts() at start-up)`)
      return impl
    },
  }
}
