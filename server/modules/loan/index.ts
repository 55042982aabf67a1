import type { ModuleManifest } from '../../platform/manifest'
import { loanLock } from '../../platform/ports/loan-lock'
import { loanAdminRoutes } from './admin-routes'
import { loanDevRoutes } from './dev-routes'
import { LoanJobs } from './jobs'
import { lockBorrowerFunding, outstandingLoan } from './lock'
import { loanRoutes } from './routes'
import { loanService } from './service'

/** Crypto loans: orders, interest, repayment, liquidation; the withdrawal lock other products ask. */
export const loanModule: ModuleManifest = {
  name: 'loan',
  routes: loanRoutes,
  console: { prefix: '/admin/loan', routes: loanAdminRoutes },
  dev: loanDevRoutes,
  provide: () => loanLock.provide({ lockBorrowerFunding, outstandingLoan }),
  attach: ({ db, market }) => loanService(db).attachMarket(market),
  jobs: [{ name: LoanJobs.runner, start: ({ db, log }) => new LoanJobs(db, loanService(db), log).start() }],
}
