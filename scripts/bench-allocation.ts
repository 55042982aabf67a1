// npm run bench:allocation: allocates a coin subscription with 100,000 commitments (the pure
// rules of common/earn/allocation.ts, exact BigInt arithmetic, one cold run) and prints the time.

import { allocate } from '../common/earn/allocation'

const N = 100_000
const amounts = Array.from(
  { length: N },
  (_, i) => `${10 + ((i * 7919) % 19_990)}.${String(i % 1_000_000).padStart(6, '0')}`,
)

const t0 = performance.now()
const r = allocate(
  amounts.map((amount, i) => ({ id: String(i + 1), amount })),
  { supply: '2000000', price: '0.05', coinDp: 4, currencyDp: 6 },
)
const pureMs = performance.now() - t0
console.log(
  `allocation (pure): ${N} commitments in ${pureMs.toFixed(0)} ms (goal < 2000 ms); oversubscribed=${r.oversubscribed}, coins ${r.totalCoins} of 2000000, paid ${r.totalPaid}, refunded ${r.totalRefund}`,
)
