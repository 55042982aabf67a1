import type { ContractPort } from './contract/port'
import type { SpotPort } from './spot/port'

/**
 * The engines as the HTTP layer sees them. Absent (one process): the routes use the in-process
 * services. On a gateway: remote ports that send each call to the owning core.
 */
export interface EnginePorts {
  spot: SpotPort
  contract: ContractPort
}
