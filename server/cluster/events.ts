import type { DepthSnapshot, PublicTrade, SpotOrder } from '@common/spot/schema'
import type { ContractFeed, SpotFeed } from '../platform/manifest'
import { K, type Redis } from './redis'

/** Levels in a published depth snapshot: the most the REST depth endpoint serves. */
export const DEPTH_PUBLISH_LEVELS = 100
/** Depth of a market goes out at most this often (gateways coalesce to 100 ms for sockets). */
const DEPTH_EVERY_MS = 50
/** Every owned book's depth is also sent this often, so a gateway that just started has one. */
const DEPTH_REFRESH_MS = 2000

/** What cores tell every gateway (pub/sub `ox:events`). */
export type EngineEvent =
  | { t: 'depth'; engine: 'spot' | 'contract'; symbol: string; depth: DepthSnapshot }
  | { t: 'trades'; engine: 'spot' | 'contract'; symbol: string; trades: PublicTrade[] }
  | { t: 'order'; holder: string; order: SpotOrder }
  | { t: 'cuser'; holder: string; msg: object }

/**
 * The core's engine events, published for the gateways after the transaction that caused them
 * committed (the services emit only then). Depth goes as a snapshot (gateways hold no books),
 * coalesced per market.
 */
export class EventPublisher {
  private readonly due = new Map<string, ReturnType<typeof setTimeout>>()
  private refresh: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly redis: Redis,
    private readonly spot: SpotFeed,
    private readonly contract: ContractFeed,
    /** Markets whose books are current here, by engine. */
    private readonly owned: () => { spot: string[]; contract: string[] },
  ) {}

  start(): void {
    this.spot.on('book', this.onSpotBook)
    this.spot.on('trades', this.onSpotTrades)
    this.spot.on('order', this.onOrder)
    this.contract.on('book', this.onContractBook)
    this.contract.on('trades', this.onContractTrades)
    this.contract.on('user', this.onContractUser)
    this.refresh = setInterval(() => {
      const { spot, contract } = this.owned()
      for (const s of spot) this.sendDepth('spot', s)
      for (const s of contract) this.sendDepth('contract', s)
    }, DEPTH_REFRESH_MS)
    this.refresh.unref?.()
  }

  stop(): void {
    this.spot.off('book', this.onSpotBook)
    this.spot.off('trades', this.onSpotTrades)
    this.spot.off('order', this.onOrder)
    this.contract.off('book', this.onContractBook)
    this.contract.off('trades', this.onContractTrades)
    this.contract.off('user', this.onContractUser)
    if (this.refresh) clearInterval(this.refresh)
    for (const t of this.due.values()) clearTimeout(t)
    this.due.clear()
  }

  private send(e: EngineEvent): void {
    void this.redis.publish(K.events, JSON.stringify(e)).catch(() => undefined)
  }

  private sendDepth(engine: 'spot' | 'contract', symbol: string): void {
    const depth =
      engine === 'spot'
        ? this.spot.depth(symbol, DEPTH_PUBLISH_LEVELS)
        : this.contract.depth(symbol, DEPTH_PUBLISH_LEVELS)
    this.send({ t: 'depth', engine, symbol, depth })
  }

  private later(engine: 'spot' | 'contract', symbol: string): void {
    const key = `${engine}:${symbol}`
    if (this.due.has(key)) return
    const t = setTimeout(() => {
      this.due.delete(key)
      this.sendDepth(engine, symbol)
    }, DEPTH_EVERY_MS)
    t.unref?.()
    this.due.set(key, t)
  }

  private readonly onSpotBook = (symbol: string) => this.later('spot', symbol)
  private readonly onContractBook = (symbol: string) => this.later('contract', symbol)
  private readonly onSpotTrades = (symbol: string, trades: PublicTrade[]) =>
    this.send({ t: 'trades', engine: 'spot', symbol, trades })
  private readonly onContractTrades = (symbol: string, trades: PublicTrade[]) =>
    this.send({ t: 'trades', engine: 'contract', symbol, trades })
  private readonly onOrder = (holder: string, order: SpotOrder) => this.send({ t: 'order', holder, order })
  private readonly onContractUser = (holder: string, msg: object) => this.send({ t: 'cuser', holder, msg })
}

/** Parses one event from the broker (null: not one of ours). */
export function parseEvent(raw: string): EngineEvent | null {
  let e: unknown
  try {
    e = JSON.parse(raw)
  } catch {
    return null
  }
  if (!e || typeof e !== 'object') return null
  const o = e as Record<string, unknown>
  const engineOk = o.engine === 'spot' || o.engine === 'contract'
  if (o.t === 'depth' && engineOk && typeof o.symbol === 'string' && o.depth && typeof o.depth === 'object')
    return e as EngineEvent
  if (o.t === 'trades' && engineOk && typeof o.symbol === 'string' && Array.isArray(o.trades))
    return e as EngineEvent
  if ((o.t === 'order' || o.t === 'cuser') && typeof o.holder === 'string') return e as EngineEvent
  return null
}
