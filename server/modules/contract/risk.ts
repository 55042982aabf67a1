import { isLiquidatable } from '@common/contract/liquidation'
import { add } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { LiquidationScanner } from '../../engine/liquidation-scanner'
import { isMarketMaker } from './model'
import type { ContractService } from './service'
import { liquidationOf } from './wire'

/**
 * Liquidation watch: every holder's estimated liquidation price per symbol sits in the
 * scanner's sorted index (server/engine/liquidation-scanner.ts); a new index price finds the
 * candidates by binary search and ContractService.liquidate confirms each with the exact rule
 * before it acts. Estimates are refreshed when a holder's balance or positions change (the
 * service's 'touched' event) and for everyone by a periodic sweep (other symbols' prices move
 * cross-margin liquidation prices too). Market makers are not watched: they are funded far above
 * their positions' needs (see server/market/contract-makers.ts).
 */
export class ContractRisk {
  readonly scanner = new LiquidationScanner()

  constructor(
    private readonly db: Db,
    private readonly svc: ContractService,
  ) {}

  private async wallets(holders: string[]): Promise<Map<string, string>> {
    if (holders.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('balance')
      .select(['holder', 'available', 'frozen'])
      .where('account', '=', 'contract')
      .where('asset', '=', 'USDT')
      .where('holder', 'in', holders)
      .execute()
    return new Map(rows.map((r) => [r.holder, add(r.available, r.frozen)]))
  }

  private holdersWithPositions(): string[] {
    return this.svc.holdersWithPositions().filter((h) => !isMarketMaker(h))
  }

  /** Recomputes the estimates of these holders (all holders with positions when omitted). */
  async refresh(holders?: string[]): Promise<void> {
    const users = (holders ?? this.holdersWithPositions()).filter((h) => !isMarketMaker(h))
    const wallets = await this.wallets(users)
    for (const h of users) {
      this.scanner.forget(h)
      const symbols = new Set(this.svc.positionsOf(h).map((p) => p.symbol))
      for (const s of symbols) {
        const lp = liquidationOf(this.svc, h, s, wallets.get(h) ?? '0')
        this.scanner.set(s, h, lp ? { price: Number(lp.price), direction: lp.direction } : null)
      }
    }
  }

  /** Liquidates those of `holders` the exact rule says are due (checked in memory first). */
  private async liquidateDue(holders: string[]): Promise<number> {
    const wallets = await this.wallets(holders)
    let n = 0
    for (const h of holders) {
      const r = this.svc.riskOf(h, wallets.get(h) ?? '0')
      // The transaction checks again against the locked balance before it acts.
      if (r && isLiquidatable(r.marginBalance, r.maintenance) && (await this.svc.liquidate(h))) n++
    }
    return n
  }

  /** Liquidates the accounts the symbol's index price has reached; returns how many. */
  async scan(symbol: string): Promise<number> {
    const index = this.svc.mark(symbol)
    if (!index) return 0
    const found = this.scanner.candidates(symbol, Number(index)).filter((h) => !isMarketMaker(h))
    if (found.length === 0) return 0
    const n = await this.liquidateDue(found)
    await this.refresh(found)
    return n
  }

  /** Every holder with positions, checked exactly (the periodic safety net), estimates refreshed. */
  async sweep(): Promise<number> {
    const holders = this.holdersWithPositions()
    const n = await this.liquidateDue(holders)
    await this.refresh()
    return n
  }
}

const risks = new WeakMap<ContractService, ContractRisk>()
export function contractRisk(db: Db, svc: ContractService): ContractRisk {
  let r = risks.get(svc)
  if (!r) {
    const risk = new ContractRisk(db, svc)
    svc.on('touched', (holders) => void risk.refresh(holders).catch(() => undefined))
    risks.set(svc, risk)
    r = risk
  }
  return r
}
