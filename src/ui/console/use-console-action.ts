import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { showToast } from '@/ui/feedback'

/**
 * A console screen's actions: `act(fn, done)` runs one, says `done` and reloads the screen's
 * queries under `key`; a refusal is shown by the http layer and changes nothing here. `reload`
 * reloads them alone (after an editor closes).
 */
export function useConsoleAction(key: QueryKey) {
  const qc = useQueryClient()
  const reload = () => qc.invalidateQueries({ queryKey: key })
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn()
      showToast(done)
      await reload()
    } catch {
      // Shown by the http layer.
    }
  }
  return { act, reload }
}
