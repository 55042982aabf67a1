import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { slot } from './slot'

/**
 * The contract account's transfer guard (cross margin): what may leave the contract account
 * without taking the margin behind an unrealized loss. The contract module owns the rule
 * (server/modules/contract/transfer-guard.ts) and provides it at start-up; the assets module's
 * Transfer asks through this port.
 */
export interface ContractTransferPort {
  /** What may leave the contract account now (read side: the Transfer screen's "All"). */
  transferableOf(
    db: Db,
    holder: string,
    asset: string,
    available: string,
    market: MarketData,
  ): Promise<string>
  /** Inside the transfer's transaction: locks the balance, then refuses what the positions need. */
  assertTransfer(trx: Tx, holder: string, asset: string, amount: string, market: MarketData): Promise<void>
}

export const contractTransfer = slot<ContractTransferPort>('contract transfer guard')

export const contractTransferableOf: ContractTransferPort['transferableOf'] = (...a) =>
  contractTransfer.get().transferableOf(...a)
export const assertContractTransfer: ContractTransferPort['assertTransfer'] = (...a) =>
  contractTransfer.get().assertTransfer(...a)
