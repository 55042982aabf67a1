import type { DepthSnapshot, SpotOrder } from '@common/spot/schema'
import type { PlaceInput } from './service'

/**
 * What the HTTP layer asks of the spot engine. One process: SpotService itself. A gateway: each
 * call goes to the core owning the market (cluster/remote-engines.ts), and depth comes from the
 * snapshots the owners publish.
 */
export interface SpotPort {
  place(holder: string, input: PlaceInput): Promise<SpotOrder>
  cancel(holder: string, id: string): Promise<SpotOrder>
  cancelAll(holder: string, symbol?: string): Promise<number>
  depth(symbol: string, limit: number): DepthSnapshot
}
