/**
 * Answers the static shell (index.html) asked for before the app's code arrived: the first screen's
 * market data, fetched in parallel with the code instead of after it. Each is taken once, by the
 * HTTP client's first GET of that path; later calls go to the network as usual.
 */
type Prefetched = Record<string, Promise<Response> | undefined>

export function takePrefetched(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined
  const all = (window as { __prefetch?: Prefetched }).__prefetch
  const found = all?.[path]
  if (found && all) delete all[path]
  return found
}
