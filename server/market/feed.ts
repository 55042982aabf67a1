/** One index price observation for an instrument, in integer units of its precisions. */
export interface IndexTick {
  symbol: string
  ts: number
  /** Price in units of 10^-pricePrecision. */
  price: number
  /** Base amount traded on the reference market since the previous tick, units of 10^-amountPrecision. */
  volume: number
}

/**
 * The index price source. The default is the seeded simulator; an adapter for an external feed
 * implements the same two methods. The index is the only source of prices on the platform.
 */
export interface IndexFeed {
  start(onTicks: (ticks: IndexTick[]) => void): void
  stop(): void
}
