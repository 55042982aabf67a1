/**
 * Client order ids in memory (issue 38): `holder + clientOrderId` -> the order's latest row, while
 * the order is open and for `memoryMs` after it ended, so that a repeat (a client's retry) answers
 * the first order without a database read. Pure: the engines feed it their rows; the database's
 * partial unique index over open orders holds the rule across restarts and cores.
 */
/** How long a client order id still answers its order after the order ended (a retry window). */
export const CLIENT_ID_MEMORY_MS = 10 * 60_000

export interface ClientOrderRow {
  id: string
  holder: string
  symbol: string
  status: string
  client_order_id: string | null
}

const ended = (status: string) => status !== 'open' && status !== 'partial' && status !== 'waiting'

export class ClientOrders<R extends ClientOrderRow> {
  private readonly rows = new Map<string, R>()
  private readonly endedAt: { k: string; id: string; at: number }[] = []

  constructor(readonly memoryMs: number) {}

  /** The holder's order with this client order id, open or ended lately (undefined: none). */
  get(holder: string, clientOrderId: string | undefined): R | undefined {
    return clientOrderId === undefined ? undefined : this.rows.get(`${holder}\n${clientOrderId}`)
  }

  /**
   * A row's latest state (placed, changed, or read back at start; `at`: when it last changed, ms).
   * A row of another order with the same id does not replace the one known.
   */
  keep(r: R, at: number): void {
    if (r.client_order_id === null) return
    const k = `${r.holder}\n${r.client_order_id}`
    const known = this.rows.get(k)
    if (known && known.id !== r.id && !ended(known.status)) return
    this.rows.set(k, r)
    if (ended(r.status)) this.endedAt.push({ k, id: r.id, at })
  }

  /** Forgets the orders that ended more than `memoryMs` before `now`. */
  prune(now: number): void {
    let i = 0
    while (i < this.endedAt.length && (this.endedAt[i]?.at ?? now) < now - this.memoryMs) {
      const e = this.endedAt[i] as { k: string; id: string }
      const r = this.rows.get(e.k)
      if (r && r.id === e.id && ended(r.status)) this.rows.delete(e.k)
      i++
    }
    if (i) this.endedAt.splice(0, i)
  }

  /** Forgets a market's orders (before its book is read again), or every order. */
  forget(symbol?: string): void {
    for (const [k, r] of this.rows) if (symbol === undefined || r.symbol === symbol) this.rows.delete(k)
  }
}
