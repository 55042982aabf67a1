import { ContractMarketMakers } from '../../market/contract-makers'
import type { ModuleManifest } from '../../platform/manifest'
import { contractTransfer } from '../../platform/ports/contract-transfer'
import { contractAdminRoutes } from './admin-routes'
import { contractDevRoutes } from './dev-routes'
import { ContractJobs } from './jobs'
import { localContract } from './port'
import { recentContractTrades } from './repo'
import { contractRoutes } from './routes'
import { contractService } from './service'
import { assertContractTransfer, contractTransferableOf } from './transfer-guard'

/**
 * Perpetual contracts: one engine for every perpetual market (positions share a cross-margin
 * wallet), its schedulers (funding, liquidation sweeps, TP/SL) and market makers run where it is
 * owned. Provides the contract account's transfer guard to the assets module.
 */
export const contractModule: ModuleManifest = {
  name: 'contract',
  routes: contractRoutes,
  console: { prefix: '/admin/contract', routes: contractAdminRoutes },
  dev: contractDevRoutes,
  provide: () =>
    contractTransfer.provide({
      transferableOf: contractTransferableOf,
      assertTransfer: assertContractTransfer,
    }),
  engine: {
    kind: 'contract',
    local: (db) => contractService(db),
    owner({ db, market, log }) {
      const svc = contractService(db)
      const jobs = new ContractJobs(db, svc, market, log).start()
      const makers = new ContractMarketMakers(db, market, svc, { log })
      makers.start()
      return [jobs, makers]
    },
    market: { category: 'perpetual', recentTrades: recentContractTrades },
    port: (db) => localContract(contractService(db)),
  },
}
