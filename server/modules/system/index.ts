import type { ModuleManifest } from '../../platform/manifest'
import { startLedgerCheck } from './jobs'
import { systemRoutes } from './routes'

/** Health, version, server time, countries and logos; the continuous ledger check. */
export const systemModule: ModuleManifest = {
  name: 'system',
  routes: systemRoutes,
  jobs: [{ name: 'ledger-check', start: startLedgerCheck }],
}
