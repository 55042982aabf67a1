import type {
  ContractAccount,
  ContractInfo,
  ContractOrder,
  ContractPlaceInput,
  ContractPosition,
  ContractSide,
  contractCloseSchema,
  contractTpslSchema,
} from '@common/contract/schema'
import type {
  DepthSnapshot,
  OcoOrderInput,
  SpotOrder,
  SpotOrderType,
  SpotSide,
  TimeInForce,
} from '@common/spot/schema'
import type * as v from 'valibot'

/*
 * The engines as the HTTP layer sees them. One process: the spot service itself and the contract
 * service behind `localContract` (server/modules/contract/port.ts). A gateway: remote ports that
 * send each call to the core owning the market (server/cluster/remote-engines.ts).
 */

/** A spot order as placed (the engine's input, validated by the route). */
export interface PlaceInput {
  symbol: string
  side: SpotSide
  type: SpotOrderType
  price?: string
  amount?: string
  quoteAmount?: string
  timeInForce?: TimeInForce
  postOnly?: boolean
  clientOrderId?: string
  /** Conditional orders (docs/products/spot.md): stop and take-profit trigger, trailing stop. */
  triggerPrice?: string
  callbackRate?: number
  activationPrice?: string
}

/**
 * What the HTTP layer asks of the spot engine. On a gateway depth comes from the snapshots the
 * owners publish.
 */
export interface SpotPort {
  place(holder: string, input: PlaceInput): Promise<SpotOrder>
  cancel(holder: string, id: string): Promise<SpotOrder>
  cancelAll(holder: string, symbol?: string): Promise<number>
  /** An OCO: both legs (the limit leg first). */
  oco(holder: string, input: OcoOrderInput): Promise<SpotOrder[]>
  depth(symbol: string, limit: number): DepthSnapshot
}

/**
 * What the HTTP layer asks of the perpetual engine: the use cases and the reads that come from
 * its memory (open orders, positions, account, open interest, funding samples). One process
 * calls the service directly (`localContract`); a gateway sends each call to the core that owns
 * the engine (cluster/remote-engines.ts), which runs the same `localContract` there. Results are
 * plain wire objects either way.
 */
export interface ContractPort {
  place(holder: string, input: ContractPlaceInput): Promise<ContractOrder>
  cancel(holder: string, id: string): Promise<ContractOrder>
  cancelAll(holder: string, symbol?: string): Promise<number>
  close(holder: string, input: v.InferOutput<typeof contractCloseSchema>): Promise<ContractOrder>
  closeAll(holder: string, symbol?: string): Promise<number>
  reverse(holder: string, symbol: string, side: ContractSide): Promise<ContractOrder>
  /** Sets TP/SL and answers the position as it is then (null: none). */
  tpsl(holder: string, input: v.InferOutput<typeof contractTpslSchema>): Promise<ContractPosition | null>
  openOrders(holder: string, symbol?: string): Promise<ContractOrder[]>
  positions(holder: string, symbol?: string): Promise<ContractPosition[]>
  account(holder: string): Promise<ContractAccount>
  info(symbol: string): Promise<ContractInfo>
  fundingRate(symbol: string): Promise<string>
  depth(symbol: string, limit: number): DepthSnapshot
}

/** Absent from ModuleDeps (one process): the routes use the in-process services. */
export interface EnginePorts {
  spot: SpotPort
  contract: ContractPort
}
