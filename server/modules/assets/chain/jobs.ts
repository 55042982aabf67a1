import type { EvmChainConfig } from '../../../chain-config'
import { loadChains } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { type JobLog, JobRunner } from '../../../jobs/runner'
import { recordHotWallet } from '../../../platform/metrics/registry'
import { balancesAt } from './overview'
import { ChainPayer } from './payouts'
import { ChainWatcher } from './watcher'

/**
 * The chain scheduler (runner and leader lock "chain-watch"): per configured chain, every
 * CHAIN_<CHAIN>_POLL_MS, a watcher pass (deposits) then a payer pass (withdrawals), then the hot
 * wallet's balances are read for the metric `exchange_hot_wallet_balance`. Passes are idempotent in the database (./watcher.ts), so a restart,
 * or the lock moving to another core, carries on from the persisted cursor.
 */
export class ChainJobs {
  static readonly runner = 'chain-watch'
  private readonly runners: JobRunner[] = []

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
    private readonly chains: EvmChainConfig[] = loadChains(process.env),
  ) {}

  start(): this {
    for (const cfg of this.chains) {
      const watcher = new ChainWatcher(this.db, cfg)
      const payer = new ChainPayer(this.db, cfg)
      const runner = new JobRunner(`${ChainJobs.runner}:${cfg.chain}`, this.db, this.log)
      runner.start([
        {
          ms: cfg.pollMs,
          now: true,
          run: async () => {
            try {
              await watcher.pass()
              await payer.pass()
            } finally {
              await this.publishHotWallet(cfg, payer)
            }
          },
        },
      ])
      this.runners.push(runner)
    }
    return this
  }

  /** The hot wallet's balances on chain for `exchange_hot_wallet_balance` (unreadable: no series). */
  private async publishHotWallet(cfg: EvmChainConfig, payer: ChainPayer): Promise<void> {
    if (!payer.hotAddress) return
    recordHotWallet(cfg.chain, await balancesAt(cfg, payer.hotAddress).catch(() => null))
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()))
    // Another process may hold the lock from now on: its series are the current ones.
    for (const cfg of this.chains) recordHotWallet(cfg.chain, null)
  }
}
