import { contractTransfer } from '../platform/ports/contract-transfer'
import { feeRates } from '../platform/ports/fee-rates'
import { loanLock } from '../platform/ports/loan-lock'
import { noticePush } from '../platform/ports/notice-push'
import { assertContractTransfer, contractTransferableOf } from './contract/transfer-guard'
import { vipFeeRates } from './invite/service'
import { lockBorrowerFunding, outstandingLoan } from './loan/lock'
import { pushNotice } from './push/notices'

/**
 * Where two products must talk, one asks a port in server/platform/ports and the owner provides
 * it here, once per process before any route or job runs: buildApp (registerModules) and a core
 * (cluster/core.ts). Like the module list in index.ts, this file may import every module; a module
 * never imports another.
 */
export function providePorts(): void {
  loanLock.provide({ lockBorrowerFunding, outstandingLoan })
  contractTransfer.provide({ transferableOf: contractTransferableOf, assertTransfer: assertContractTransfer })
  feeRates.provide(vipFeeRates)
  noticePush.provide(pushNotice)
}
