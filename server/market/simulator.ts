import type { IndexFeed, IndexTick } from './feed'
import { createRng, type Rng } from './prng'

export interface SimInstrument {
  symbol: string
  /** Instruments sharing an underlying (BTC spot and BTC perpetual) share one price path. */
  underlying: string
  pricePrecision: number
  amountPrecision: number
  /** Where the path starts: the last stored price, or the reference price on a fresh install. */
  startPrice: number
  /** Long-run level the price drifts back to (very weakly), so years of running stay plausible. */
  refPrice: number
  /** Annualised volatility, e.g. 0.6. */
  volatility: number
  /** Reference market turnover per day in the quote currency. */
  dailyTurnover: number
}

const YEAR_MS = 365 * 24 * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000
/** Mean-reversion speed of the log price: a half-life of about a year. */
const REVERSION_PER_YEAR = Math.LN2

interface PathState {
  logPrice: number
  logRef: number
  volatility: number
  rng: Rng
}

/**
 * Prices follow a geometric random walk with weak mean reversion; volumes are log-normal and
 * larger when the price moves more. The floating-point state lives only inside the simulator:
 * every observation leaves it as an integer count of price units.
 */
export class PriceSimulator {
  private readonly paths = new Map<string, PathState>()
  private readonly volumeRng = new Map<string, Rng>()

  constructor(
    seed: string,
    private readonly instruments: readonly SimInstrument[],
  ) {
    for (const inst of instruments) {
      if (!this.paths.has(inst.underlying)) {
        this.paths.set(inst.underlying, {
          logPrice: Math.log(inst.startPrice),
          logRef: Math.log(inst.refPrice),
          volatility: inst.volatility,
          rng: createRng(`${seed}:price:${inst.underlying}`),
        })
      }
      this.volumeRng.set(inst.symbol, createRng(`${seed}:volume:${inst.symbol}`))
    }
  }

  /** Advance every path by dtMs; returns |normalised move| per underlying (for volume). */
  private advance(dtMs: number): Map<string, number> {
    const years = dtMs / YEAR_MS
    const moves = new Map<string, number>()
    for (const [key, p] of this.paths) {
      const z = p.rng.normal()
      const sigma = p.volatility * Math.sqrt(years)
      const pull = REVERSION_PER_YEAR * years * (p.logRef - p.logPrice)
      p.logPrice += pull - 0.5 * sigma * sigma + sigma * z
      moves.set(key, Math.abs(z))
    }
    return moves
  }

  /**
   * One whole candle of dtMs per instrument in a single draw (history backfill): the close is
   * one step of the walk; high and low reach beyond open and close by a half-normal share of
   * the step's spread, as a random walk inside the interval would.
   */
  stepCandle(dtMs: number, out: { o: number; h: number; l: number; c: number; v: number }[]): void {
    const opens = new Map<string, number>()
    for (const [key, p] of this.paths) opens.set(key, p.logPrice)
    const moves = this.advance(dtMs)
    const years = dtMs / YEAR_MS
    for (let i = 0; i < this.instruments.length; i++) {
      const inst = this.instruments[i] as SimInstrument
      const path = this.paths.get(inst.underlying) as PathState
      const rng = this.volumeRng.get(inst.symbol) as Rng
      const scale = 10 ** inst.pricePrecision
      const sigma = path.volatility * Math.sqrt(years)
      const lo = opens.get(inst.underlying) as number
      const hiLog = Math.max(lo, path.logPrice) + Math.abs(rng.normal()) * sigma * 0.5
      const loLog = Math.min(lo, path.logPrice) - Math.abs(rng.normal()) * sigma * 0.5
      const o = Math.max(1, Math.round(Math.exp(lo) * scale))
      const c = Math.max(1, Math.round(Math.exp(path.logPrice) * scale))
      const k = out[i] as { o: number; h: number; l: number; c: number; v: number }
      k.o = o
      k.c = c
      k.h = Math.max(o, c, Math.round(Math.exp(hiLog) * scale))
      k.l = Math.max(1, Math.min(o, c, Math.round(Math.exp(loLog) * scale)))
      const perMs = inst.dailyTurnover / DAY_MS / Math.exp(path.logPrice)
      const factor = Math.exp(0.6 * rng.normal() - 0.18) * (0.5 + 0.63 * (moves.get(inst.underlying) ?? 0))
      k.v = Math.round(perMs * dtMs * factor * 10 ** inst.amountPrecision)
    }
  }

  /** One step of dtMs at time ts: a tick per instrument. */
  step(ts: number, dtMs: number): IndexTick[] {
    const moves = this.advance(dtMs)
    return this.instruments.map((inst) => {
      const path = this.paths.get(inst.underlying) as PathState
      const rng = this.volumeRng.get(inst.symbol) as Rng
      const price = Math.max(1, Math.round(Math.exp(path.logPrice) * 10 ** inst.pricePrecision))
      const move = moves.get(inst.underlying) ?? 0
      // Mean of exp(0.6 z - 0.18) is 1, and E[0.5 + 0.63|z|] is about 1: volume averages out to
      // the reference turnover, spiking when the price jumps.
      const perMs = inst.dailyTurnover / DAY_MS / Math.exp(path.logPrice)
      const factor = Math.exp(0.6 * rng.normal() - 0.18) * (0.5 + 0.63 * move)
      const volume = Math.round(perMs * dtMs * factor * 10 ** inst.amountPrecision)
      return { symbol: inst.symbol, ts, price, volume }
    })
  }
}

export interface SimulatedFeedOptions {
  seed: string
  instruments: readonly SimInstrument[]
  /** Interval between ticks; one per second by default. */
  tickMs?: number
  now?: () => number
}

/** The default index feed: the simulator on a timer. */
export class SimulatedIndexFeed implements IndexFeed {
  private readonly sim: PriceSimulator
  private readonly tickMs: number
  private readonly now: () => number
  private timer: ReturnType<typeof setInterval> | null = null
  private last = 0

  constructor(opts: SimulatedFeedOptions) {
    this.sim = new PriceSimulator(opts.seed, opts.instruments)
    this.tickMs = opts.tickMs ?? 1000
    this.now = opts.now ?? Date.now
  }

  start(onTicks: (ticks: IndexTick[]) => void): void {
    if (this.timer) return
    this.last = this.now()
    this.timer = setInterval(() => {
      const ts = this.now()
      // The real elapsed time, so a stalled event loop does not change the volatility.
      const dt = Math.max(1, Math.min(ts - this.last, 60_000))
      this.last = ts
      onTicks(this.sim.step(ts, dt))
    }, this.tickMs)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}
