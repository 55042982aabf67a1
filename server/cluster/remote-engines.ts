import { EventEmitter } from 'node:events'
import type { DepthSnapshot, OcoOrderInput } from '@common/spot/schema'
import type { Db } from '../db/db'
import { emptyDepth } from '../engine/books'
import { AppError } from '../http/errors'
import type { MarketData } from '../market/service'
import type { ContractEvents, SpotEvents } from '../platform/manifest'
import type { ContractPort, EnginePorts, PlaceInput, SpotPort } from '../platform/ports/engines'
import type { CommandClient } from './bus'
import { parseEvent } from './events'
import { K, type Redis } from './redis'
import { CONTRACT_UNIT, spotUnit } from './shares'

const cut = (d: DepthSnapshot, limit: number): DepthSnapshot => ({
  ...d,
  bids: d.bids.slice(0, limit),
  asks: d.asks.slice(0, limit),
})

/**
 * The spot engine as a gateway sees it: use cases go to the core owning the market, depth is
 * the owner's latest published snapshot, and the owner's events are emitted here as the
 * in-process service emits them, so the realtime hub works unchanged.
 */
export class RemoteSpot extends EventEmitter<SpotEvents> implements SpotPort {
  readonly books = new Map<string, DepthSnapshot>()

  constructor(
    private readonly bus: CommandClient,
    private readonly db: Db,
    private readonly market: MarketData,
  ) {
    super()
    this.setMaxListeners(0)
  }

  private unitOf(symbol: string): string {
    if (this.market.instrument(symbol)?.category !== 'spot') throw new AppError('unknownSymbol')
    return spotUnit(symbol)
  }

  place(holder: string, input: PlaceInput) {
    return this.bus.send<Awaited<ReturnType<SpotPort['place']>>>(this.unitOf(input.symbol), 'spot.place', [
      holder,
      input,
    ])
  }

  oco(holder: string, input: OcoOrderInput) {
    return this.bus.send<Awaited<ReturnType<SpotPort['oco']>>>(this.unitOf(input.symbol), 'spot.oco', [
      holder,
      input,
    ])
  }

  /** The order's market decides its core; someone else's order reads as missing, as in one process. */
  async cancel(holder: string, id: string) {
    const row = /^\d+$/.test(id)
      ? await this.db
          .selectFrom('spot_order')
          .select(['holder', 'symbol'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined
    if (!row || row.holder !== holder) throw new AppError('orderNotFound')
    return this.bus.send<Awaited<ReturnType<SpotPort['cancel']>>>(this.unitOf(row.symbol), 'spot.cancel', [
      holder,
      id,
      row.symbol,
    ])
  }

  /** Without a symbol: every market where the holder has open orders, each on its owner. */
  async cancelAll(holder: string, symbol?: string): Promise<number> {
    const symbols = symbol
      ? [symbol].filter((s) => this.market.instrument(s)?.category === 'spot')
      : (
          await this.db
            .selectFrom('spot_order')
            .select('symbol')
            .distinct()
            .where('holder', '=', holder)
            .where('status', 'in', ['open', 'partial', 'waiting'])
            .execute()
        ).map((r) => r.symbol)
    const counts = await Promise.all(
      symbols.map((s) => this.bus.send<number>(this.unitOf(s), 'spot.cancelAll', [holder, s])),
    )
    return counts.reduce((a, b) => a + b, 0)
  }

  depth(symbol: string, limit: number): DepthSnapshot {
    const d = this.books.get(symbol)
    return d ? cut(d, limit) : emptyDepth(symbol)
  }
}

/** The perpetual engine as a gateway sees it: every call goes to the core owning `contract`. */
export class RemoteContract extends EventEmitter<ContractEvents> implements ContractPort {
  readonly books = new Map<string, DepthSnapshot>()

  constructor(private readonly bus: CommandClient) {
    super()
    this.setMaxListeners(0)
  }

  private call<K extends Exclude<keyof ContractPort, 'depth'>>(
    op: K,
    args: Parameters<ContractPort[K]>,
  ): ReturnType<ContractPort[K]> {
    // JSON has no undefined: an omitted optional argument travels as null.
    return this.bus.send(
      CONTRACT_UNIT,
      `contract.${op}`,
      args.map((a) => a ?? null),
    ) as ReturnType<ContractPort[K]>
  }

  place: ContractPort['place'] = (...a) => this.call('place', a)
  cancel: ContractPort['cancel'] = (...a) => this.call('cancel', a)
  cancelAll: ContractPort['cancelAll'] = (...a) => this.call('cancelAll', a)
  close: ContractPort['close'] = (...a) => this.call('close', a)
  closeAll: ContractPort['closeAll'] = (...a) => this.call('closeAll', a)
  reverse: ContractPort['reverse'] = (...a) => this.call('reverse', a)
  tpsl: ContractPort['tpsl'] = (...a) => this.call('tpsl', a)
  openOrders: ContractPort['openOrders'] = (...a) => this.call('openOrders', a)
  positions: ContractPort['positions'] = (...a) => this.call('positions', a)
  account: ContractPort['account'] = (...a) => this.call('account', a)
  info: ContractPort['info'] = (...a) => this.call('info', a)
  fundingRate: ContractPort['fundingRate'] = (...a) => this.call('fundingRate', a)

  depth(symbol: string, limit: number): DepthSnapshot {
    const d = this.books.get(symbol)
    return d ? cut(d, limit) : emptyDepth(symbol)
  }
}

/** Connects the remote engines to the cores' events. */
export async function remoteEngines(
  bus: CommandClient,
  sub: Redis,
  db: Db,
  market: MarketData,
): Promise<EnginePorts & { spot: RemoteSpot; contract: RemoteContract }> {
  const spot = new RemoteSpot(bus, db, market)
  const contract = new RemoteContract(bus)
  await sub.subscribe(K.events, (raw) => {
    const e = parseEvent(raw)
    if (!e) return
    if (e.t === 'depth') {
      const target = e.engine === 'spot' ? spot : contract
      target.books.set(e.symbol, e.depth)
      target.emit('book', e.symbol)
    } else if (e.t === 'trades') {
      if (e.engine === 'spot') spot.emit('trades', e.symbol, e.trades)
      else contract.emit('trades', e.symbol, e.trades)
    } else if (e.t === 'order') spot.emit('order', e.holder, e.order)
    else contract.emit('user', e.holder, e.msg as ContractEvents['user'][1])
  })
  return { spot, contract }
}
