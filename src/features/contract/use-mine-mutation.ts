import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { showToast } from '@/ui/feedback'
import { contractKeys } from './api'

/**
 * An action on the user's own orders or positions: on success it says `done` (from the answer),
 * reloads them (or `reload`), then runs `after`. A refusal is shown by the http layer.
 */
export function useMineMutation<A, R>(
  fn: (a: A) => Promise<R>,
  done: (r: R) => string,
  { after, reload = contractKeys.mine() }: { after?: (r: R) => void; reload?: QueryKey } = {},
) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      showToast(done(r))
      void qc.invalidateQueries({ queryKey: reload })
      after?.(r)
    },
  })
}
