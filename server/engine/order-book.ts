/**
 * Over 400 lines on purpose: the book, its matching loop and its exact unit converters are one
 * hot path, property-tested and benchmarked as a whole (bench:engine).
 *
 * Price-time priority order book of one symbol. Pure and I/O-free: the spot service drives it
 * inside its transaction and persists what it returns. Prices are integer ticks (price * 10^pp)
 * and quantities integer lots (amount * 10^ap), so every comparison and sum is exact; inputs
 * outside the safe-integer range are refused by the converters below.
 *
 * Self-trade prevention ("cancel resting"): every order may carry an owner. An incoming order
 * never trades with a resting order of the same owner; when matching reaches one, that resting
 * (older) order is cancelled, reported in `PlaceResult.cancelled`, and matching continues with
 * the next resting order. Orders without an owner never count as self-trades.
 *
 * Time in force (Binance spot semantics) for limit orders: GTC rests what is left; IOC takes what
 * crosses and drops the rest (nothing rests); FOK fills whole or not at all: when the crossing
 * liquidity of other owners is short of the quantity, nothing happens (no fill, no self-trade
 * cancel) and the result is `expired`. Post-only never takes: an order that would cross the best
 * opposite price changes nothing and is `expired` (the spot service refuses it before, as
 * Binance refuses a LIMIT_MAKER that would match).
 */
export type Side = 'buy' | 'sell'
export type TimeInForce = 'GTC' | 'IOC' | 'FOK'

/**
 * One clock for every book of the process, started at the start time in microseconds: a book's
 * version grows with each change and a rebuilt or restarted book goes on above the old one
 * (unless a process makes over a million book changes a second).
 */
let bookClock = Date.now() * 1000
function nextBookVersion(): number {
  bookClock = Math.max(bookClock + 1, Date.now() * 1000)
  return bookClock
}

export interface Fill {
  makerId: number
  takerId: number
  /** Maker's price (ticks). */
  price: number
  qty: number
  /** What is left of the maker after this fill (0 = maker done). */
  makerRemaining: number
}

export interface PlaceResult {
  fills: Fill[]
  /** Quantity not filled (lots). For a budget market buy, the quantity is unbounded: 0. */
  remaining: number
  /** True when the rest of a limit order now sits on the book. */
  rested: boolean
  /** Resting orders of the taker's own owner cancelled by self-trade prevention (lots left). */
  cancelled: { id: number; remaining: number }[]
  /** A FOK that could not fill whole, or a post-only that would take: the book is unchanged. */
  expired?: true
}

export interface Level {
  price: number
  qty: number
  count: number
}

class Order {
  constructor(
    readonly id: number,
    readonly side: Side,
    readonly price: number,
    public remaining: number,
    readonly owner: string | undefined,
  ) {}
}

class PriceLevel {
  total = 0
  live = 0
  readonly queue: Order[] = []
  head = 0
  constructor(readonly price: number) {}

  push(o: Order): void {
    this.queue.push(o)
    this.total += o.remaining
    this.live++
  }

  /** First live order (cancelled ones are skipped lazily). */
  first(): Order | undefined {
    while (this.head < this.queue.length) {
      const o = this.queue[this.head] as Order
      if (o.remaining > 0) return o
      this.head++
    }
    return undefined
  }

  compact(): void {
    if (this.head > 32 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head)
      this.head = 0
    }
  }
}

/** One side: levels sorted so that the best price is at the end of the array. */
class BookSide {
  readonly levels: PriceLevel[] = []
  readonly byPrice = new Map<number, PriceLevel>()
  constructor(readonly side: Side) {}

  /** Is `a` a better price than `b` for this side? */
  better(a: number, b: number): boolean {
    return this.side === 'buy' ? a > b : a < b
  }

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1]
  }

  level(price: number): PriceLevel {
    let l = this.byPrice.get(price)
    if (l) return l
    l = new PriceLevel(price)
    // Binary search: levels ordered worst..best.
    let lo = 0
    let hi = this.levels.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.better((this.levels[mid] as PriceLevel).price, price)) hi = mid
      else lo = mid + 1
    }
    this.levels.splice(lo, 0, l)
    this.byPrice.set(price, l)
    return l
  }

  remove(l: PriceLevel): void {
    this.byPrice.delete(l.price)
    const last = this.levels.length - 1
    if (this.levels[last] === l) this.levels.pop()
    else {
      const i = this.levels.indexOf(l)
      if (i >= 0) this.levels.splice(i, 1)
    }
  }
}

export class OrderBook {
  private readonly bids = new BookSide('buy')
  private readonly asks = new BookSide('sell')
  private readonly orders = new Map<number, Order>()
  private changes = nextBookVersion()

  /**
   * The book's sequence number: larger after every change, never smaller, also across a rebuild
   * or a restart (nextBookVersion). The depth snapshots carry it as `seq` (docs/api.md).
   */
  get version(): number {
    return this.changes
  }

  private sideOf(s: Side): BookSide {
    return s === 'buy' ? this.bids : this.asks
  }

  private opposite(s: Side): BookSide {
    return s === 'buy' ? this.asks : this.bids
  }

  /** Puts a resting order on the book without matching (rebuilding from storage). */
  add(id: number, side: Side, price: number, qty: number, owner?: string): void {
    checkInt(price, 'price')
    checkInt(qty, 'qty')
    if (qty <= 0 || price <= 0) throw new Error('order needs a positive price and quantity')
    if (this.orders.has(id)) throw new Error(`duplicate order id ${id}`)
    this.changes = nextBookVersion()
    const o = new Order(id, side, price, qty, owner)
    this.orders.set(id, o)
    this.sideOf(side).level(price).push(o)
  }

  /**
   * Limit order: matches while it crosses, then by `tif` the rest rests at `price` (GTC) or is
   * dropped (IOC); a FOK fills whole or does nothing, a post-only never takes (see the top).
   */
  placeLimit(
    id: number,
    side: Side,
    price: number,
    qty: number,
    owner?: string,
    tif: TimeInForce = 'GTC',
    postOnly = false,
  ): PlaceResult {
    checkInt(price, 'price')
    checkInt(qty, 'qty')
    if (qty <= 0 || price <= 0) throw new Error('order needs a positive price and quantity')
    if (this.orders.has(id)) throw new Error(`duplicate order id ${id}`)
    const fills: Fill[] = []
    const cancelled: PlaceResult['cancelled'] = []
    if (
      (postOnly && this.wouldTake(side, price)) ||
      (tif === 'FOK' && this.sweep(side, price, qty, owner).qty < qty)
    )
      return { fills, remaining: qty, rested: false, cancelled, expired: true }
    this.changes = nextBookVersion()
    const remaining = this.take(id, side, price, qty, Number.POSITIVE_INFINITY, fills, owner, cancelled)
    if (tif !== 'GTC') return { fills, remaining, rested: false, cancelled }
    if (remaining > 0) {
      const o = new Order(id, side, price, remaining, owner)
      this.orders.set(id, o)
      this.sideOf(side).level(price).push(o)
    }
    return { fills, remaining, rested: remaining > 0, cancelled }
  }

  /**
   * Market order: takes liquidity up to `qty` lots, or for a buy with `budget` up to that many
   * price*qty units (ticks x lots); the rest is dropped (immediate or cancel).
   */
  placeMarket(
    id: number,
    side: Side,
    qty: number | null,
    budget: number | null = null,
    owner?: string,
  ): PlaceResult {
    const cap = qty ?? Number.POSITIVE_INFINITY
    const money = budget ?? Number.POSITIVE_INFINITY
    if (qty !== null) checkInt(qty, 'qty')
    if (budget !== null) checkInt(budget, 'budget')
    if (qty === null && budget === null) throw new Error('market order needs a quantity or a budget')
    this.changes = nextBookVersion()
    const fills: Fill[] = []
    const cancelled: PlaceResult['cancelled'] = []
    const limit = side === 'buy' ? Number.POSITIVE_INFINITY : 0
    const remaining = this.take(id, side, limit, cap, money, fills, owner, cancelled)
    return { fills, remaining: qty === null ? 0 : remaining, rested: false, cancelled }
  }

  /**
   * Price protection: an immediate-or-cancel order of `qty` lots that trades only at prices
   * within [`worst`, `better`] (ticks; for a sell `worst` is the lowest price it accepts and
   * `better` the highest, for a buy the reverse). Resting orders beyond `better` (quotes of an old
   * price) are passed over and stay on the book; the rest of the order is dropped.
   */
  placeWithin(
    id: number,
    side: Side,
    qty: number,
    worst: number,
    better: number,
    owner?: string,
  ): PlaceResult {
    checkInt(qty, 'qty')
    checkInt(worst, 'worst')
    checkInt(better, 'better')
    this.changes = nextBookVersion()
    const fills: Fill[] = []
    const cancelled: PlaceResult['cancelled'] = []
    const book = this.opposite(side)
    let left = qty
    let i = book.levels.length - 1
    while (left > 0 && i >= 0) {
      const level = book.levels[i] as PriceLevel
      if (side === 'buy' ? level.price > worst : level.price < worst) break
      if (side === 'buy' ? level.price < better : level.price > better) {
        i--
        continue
      }
      const o = level.first()
      if (!o) {
        book.remove(level)
        i--
        continue
      }
      if (owner !== undefined && o.owner === owner) {
        cancelled.push({ id: o.id, remaining: this.cancel(o.id) ?? 0 })
        if (book.byPrice.get(level.price) !== level) i--
        continue
      }
      const q = Math.min(o.remaining, left)
      o.remaining -= q
      level.total -= q
      left -= q
      fills.push({ makerId: o.id, takerId: id, price: level.price, qty: q, makerRemaining: o.remaining })
      if (o.remaining === 0) {
        this.orders.delete(o.id)
        level.live--
        level.head++
        if (level.live === 0) {
          book.remove(level)
          i--
        } else level.compact()
      }
    }
    return { fills, remaining: left, rested: false, cancelled }
  }

  private take(
    takerId: number,
    side: Side,
    limit: number,
    qty: number,
    money: number,
    fills: Fill[],
    owner: string | undefined,
    cancelled: PlaceResult['cancelled'],
  ): number {
    const book = this.opposite(side)
    let left = qty
    let budget = money
    while (left > 0) {
      const level = book.best()
      if (!level) break
      if (side === 'buy' ? level.price > limit : level.price < limit) break
      const o = level.first()
      if (!o) {
        book.remove(level)
        continue
      }
      if (owner !== undefined && o.owner === owner) {
        // Self-trade prevention: the resting order of the same owner is cancelled.
        cancelled.push({ id: o.id, remaining: this.cancel(o.id) ?? 0 })
        continue
      }
      let q = Math.min(o.remaining, left)
      if (budget !== Number.POSITIVE_INFINITY) {
        const afford = affordable(budget, level.price)
        if (afford < q) q = afford
        if (q <= 0) break
        budget -= q * level.price
      }
      o.remaining -= q
      level.total -= q
      left -= q
      fills.push({ makerId: o.id, takerId, price: level.price, qty: q, makerRemaining: o.remaining })
      if (o.remaining === 0) {
        this.orders.delete(o.id)
        level.live--
        level.head++
        if (level.live === 0) book.remove(level)
        else level.compact()
      }
    }
    return left
  }

  /** Would a limit order at `price` meet a resting order at once (cross the best opposite price)? */
  wouldTake(side: Side, price: number): boolean {
    const best = this.opposite(side).best()?.price
    return best !== undefined && (side === 'buy' ? best <= price : best >= price)
  }

  /**
   * What an order of `qty` lots (limit `price`, null for none) could take now from owners other
   * than `owner`: the lots and their cost in ticks x lots (no change). A FOK fills when `qty` is
   * reached; a market buy sized in base freezes the cost.
   */
  sweep(side: Side, price: number | null, qty: number, owner?: string): { qty: number; cost: number } {
    const book = this.opposite(side)
    let got = 0
    let cost = 0
    for (let i = book.levels.length - 1; i >= 0 && got < qty; i--) {
      const level = book.levels[i] as PriceLevel
      if (price !== null && (side === 'buy' ? level.price > price : level.price < price)) break
      for (let j = level.head; j < level.queue.length && got < qty; j++) {
        const o = level.queue[j] as Order
        if (o.remaining === 0 || (owner !== undefined && o.owner === owner)) continue
        const q = Math.min(o.remaining, qty - got)
        got += q
        cost += q * level.price
      }
    }
    return { qty: got, cost }
  }

  /** Removes a resting order; returns its unfilled quantity, or null when it is not on the book. */
  cancel(id: number): number | null {
    const o = this.orders.get(id)
    if (!o) return null
    this.changes = nextBookVersion()
    this.orders.delete(id)
    const side = this.sideOf(o.side)
    const level = side.byPrice.get(o.price)
    const rest = o.remaining
    o.remaining = 0
    if (level) {
      level.total -= rest
      level.live--
      if (level.live === 0) side.remove(level)
    }
    return rest
  }

  /**
   * Resting orders a new order would trade with, in the order it would meet them (no change).
   * Orders of `owner` are skipped (self-trade prevention cancels them instead).
   */
  preview(
    side: Side,
    limit: number | null,
    qty: number | null,
    budget: number | null = null,
    owner?: string,
    better: number | null = null,
  ): number[] {
    const book = this.opposite(side)
    const out: number[] = []
    let left = qty ?? Number.POSITIVE_INFINITY
    let money = budget ?? Number.POSITIVE_INFINITY
    for (let i = book.levels.length - 1; i >= 0 && left > 0; i--) {
      const level = book.levels[i] as PriceLevel
      if (limit !== null && (side === 'buy' ? level.price > limit : level.price < limit)) break
      // placeWithin passes over levels beyond `better`.
      if (better !== null && (side === 'buy' ? level.price < better : level.price > better)) continue
      for (let j = level.head; j < level.queue.length && left > 0; j++) {
        const o = level.queue[j] as Order
        if (o.remaining === 0) continue
        if (owner !== undefined && o.owner === owner) continue
        let q = Math.min(o.remaining, left)
        if (money !== Number.POSITIVE_INFINITY) {
          q = Math.min(q, affordable(money, level.price))
          if (q <= 0) return out
          money -= q * level.price
        }
        left -= q
        out.push(o.id)
      }
    }
    return out
  }

  has(id: number): boolean {
    return this.orders.has(id)
  }

  remainingOf(id: number): number | null {
    return this.orders.get(id)?.remaining ?? null
  }

  ownerOf(id: number): string | undefined {
    return this.orders.get(id)?.owner
  }

  bestBid(): number | null {
    return this.bids.best()?.price ?? null
  }

  bestAsk(): number | null {
    return this.asks.best()?.price ?? null
  }

  /** Top `n` levels per side, best first. */
  depth(n: number): { bids: Level[]; asks: Level[] } {
    const pick = (s: BookSide) => {
      const out: Level[] = []
      for (let i = s.levels.length - 1; i >= 0 && out.length < n; i--) {
        const l = s.levels[i] as PriceLevel
        if (l.live > 0) out.push({ price: l.price, qty: l.total, count: l.live })
      }
      return out
    }
    return { bids: pick(this.bids), asks: pick(this.asks) }
  }

  /** Every resting order, for checks: [id, side, price, remaining] in priority order per level. */
  *resting(): Generator<{ id: number; side: Side; price: number; remaining: number }> {
    for (const s of [this.bids, this.asks]) {
      for (let i = s.levels.length - 1; i >= 0; i--) {
        const l = s.levels[i] as PriceLevel
        for (let j = l.head; j < l.queue.length; j++) {
          const o = l.queue[j] as Order
          if (o.remaining > 0) yield { id: o.id, side: o.side, price: o.price, remaining: o.remaining }
        }
      }
    }
  }

  get size(): number {
    return this.orders.size
  }
}

/** floor(money / price), corrected for the rounding of the float division. */
function affordable(money: number, price: number): number {
  let q = Math.floor(money / price)
  if (q * price > money) q--
  return q
}

function checkInt(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new Error(`${what} is not a safe integer: ${n}`)
}
