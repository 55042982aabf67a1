import { timesInOrder } from '@common/earn/project'
import type {
  EarnTotals,
  ProductInput,
  ProjectInput,
  StakingProduct,
  SubscriptionProject,
} from '@common/earn/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, type DecimalString, gt, lt, normalize } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import { LedgerBatch, move, type Tx } from '../../ledger/ledger'
import { checkAssetAmount, checkThresholds, findPrecision } from '../../ledger/precision'
import { writeAudit } from '../../platform/staff/audit'
import * as consoleRepo from './console-repo'
import { type Actor, type EarnCtx, n } from './context'
import * as launchRepo from './launch-repo'
import { pool, productToWire, projectToWire } from './model'
import * as stakingRepo from './staking-repo'

const decimals = (s: string) => (normalize(s).split('.')[1] ?? '').length

/** What a console change records: its action and target, the row before and after, and why. */
interface Change<T> {
  action: string
  targetType: string
  targetId: string
  before?: unknown
  after: unknown
  result: T
}

/**
 * The console's earn page: products, pools and projects. Operators set terms, never a user's
 * order or allocation. Every change runs in one transaction with its audit row (audited).
 */
export class EarnConsole {
  constructor(private readonly earn: EarnCtx) {}

  /** One console change and its audit row, in one transaction. */
  private audited<T>(a: Actor, reason: string, change: (trx: Tx) => Promise<Change<T>>): Promise<T> {
    return this.earn.db.transaction().execute(async (trx) => {
      const { result, ...audit } = await change(trx)
      await writeAudit(trx, { ...a, ...audit, reason })
      return result
    })
  }

  async createProduct(i: ProductInput, a: Actor): Promise<StakingProduct> {
    return this.audited(a, i.reason ?? '', async (trx) => {
      await checkProduct(trx, i)
      const row = await stakingRepo.insertProduct(trx, productValues(i))
      const id = String(row.id)
      return { action: 'earn.product.create', ...product(id), after: row, result: productToWire(row) }
    })
  }

  /** New terms apply to new orders; the orders placed keep theirs. */
  async editProduct(id: string, i: ProductInput, a: Actor): Promise<StakingProduct> {
    return this.audited(a, i.reason ?? '', async (trx) => {
      const before = await stakingRepo.lockProduct(trx, id)
      await checkProduct(trx, i)
      if (i.asset !== before.asset && gt(n(before.staked), '0')) throw new AppError('invalidProduct')
      const row = await stakingRepo.updateProduct(trx, id, { ...productValues(i), updated_at: new Date() })
      return { action: 'earn.product.edit', ...product(id), before, after: row, result: productToWire(row) }
    })
  }

  async pauseProduct(id: string, paused: boolean, a: Actor, reason = ''): Promise<StakingProduct> {
    return this.audited(a, reason, async (trx) => {
      const before = await stakingRepo.lockProduct(trx, id)
      const row = await stakingRepo.updateProduct(trx, id, {
        status: paused ? 'paused' : 'active',
        updated_at: new Date(),
      })
      const action = paused ? 'earn.product.pause' : 'earn.product.resume'
      return { action, ...product(id), before, after: row, result: productToWire(row) }
    })
  }

  /** Tops a rewards pool up from the treasury, through the ledger. */
  async fundPool(asset: string, amount: DecimalString, a: Actor, reason = ''): Promise<void> {
    await this.audited(a, reason, async (trx) => {
      await checkAssetAmount(trx, asset, amount)
      const batch = new LedgerBatch(trx)
      const treasury = { holder: SYSTEM_HOLDER, account: 'treasury', asset }
      await batch.lock([treasury, pool(asset)])
      const before = batch.balance(pool(asset))?.available ?? '0'
      batch.post({
        reason: 'adjustment',
        memo: `staking rewards pool top-up: ${reason}`,
        actorId: a.actorId,
        postings: move(treasury, pool(asset), amount),
      })
      await batch.flush()
      return {
        action: 'earn.pool.fund',
        targetType: 'staking_pool',
        targetId: asset,
        before: { balance: before },
        after: { balance: add(before, amount) },
        result: undefined,
      }
    })
  }

  /** A new project in preheat; its coin becomes a new asset. */
  async createProject(i: ProjectInput, a: Actor): Promise<SubscriptionProject> {
    const now = this.earn.now()
    return this.audited(a, i.reason ?? '', async (trx) => {
      await checkProject(trx, i, now)
      if ((await findPrecision(trx, i.coin)) !== null) throw new AppError('invalidProject')
      await launchRepo.insertCoin(trx, { code: i.coin, name: i.coinName, precision: i.coinPrecision })
      const row = await launchRepo.insertProject(trx, {
        ...projectValues(i),
        coin: i.coin,
        coin_precision: i.coinPrecision,
        state: 'preheat',
      })
      const id = String(row.id)
      return { action: 'earn.project.create', ...project(id), after: row, result: projectToWire(row, ['en']) }
    })
  }

  /** Editable only in preheat, before its start time; the coin stays. */
  async editProject(id: string, i: ProjectInput, a: Actor): Promise<SubscriptionProject> {
    const now = this.earn.now()
    return this.audited(a, i.reason ?? '', async (trx) => {
      const before = await launchRepo.lockProject(trx, id)
      if (before.state !== 'preheat' || now >= new Date(before.start_at).getTime())
        throw new AppError('projectLocked')
      if (i.coin !== before.coin || i.coinPrecision !== before.coin_precision)
        throw new AppError('invalidProject')
      await checkProject(trx, i, now)
      const row = await launchRepo.updateProject(trx, id, { ...projectValues(i), updated_at: new Date(now) })
      await launchRepo.renameCoin(trx, before.coin, i.coinName)
      return {
        action: 'earn.project.edit',
        ...project(id),
        before,
        after: row,
        result: projectToWire(row, ['en']),
      }
    })
  }

  async pauseProject(id: string, paused: boolean, a: Actor, reason = ''): Promise<SubscriptionProject> {
    return this.audited(a, reason, async (trx) => {
      const before = await launchRepo.lockProject(trx, id)
      if (before.state === 'announced') throw new AppError('projectLocked')
      const row = await launchRepo.updateProject(trx, id, { paused, updated_at: new Date() })
      const action = paused ? 'earn.project.pause' : 'earn.project.resume'
      return { action, ...project(id), before, after: row, result: projectToWire(row, ['en']) }
    })
  }

  async totals(): Promise<EarnTotals> {
    const { db } = this.earn
    const pools = await consoleRepo.pools(db)
    const owed = await consoleRepo.earning(db)
    const paid = await consoleRepo.rewardsPaid(db)
    const assets = [...new Set([...owed.map((o) => o.asset), ...paid.map((p) => p.asset)])].sort()
    const projects = await launchRepo.allProjects(db)
    return {
      pools: pools.map((p) => ({
        asset: p.asset,
        balance: n(p.available),
        owed: n(owed.find((o) => o.asset === p.asset)?.owed),
      })),
      staking: assets.map((asset) => {
        const o = owed.find((x) => x.asset === asset)
        return {
          asset,
          earning: n(o?.earning),
          orders: Number(o?.orders ?? 0),
          rewardsPaid: n(paid.find((x) => x.asset === asset)?.paid),
        }
      }),
      projects: projects.map((p) => ({ ...projectToWire(p, ['en']), coinPrecision: p.coin_precision })),
      products: (await stakingRepo.products(db)).map(productToWire),
    }
  }
}

const product = (targetId: string) => ({ targetType: 'staking_product', targetId })
const project = (targetId: string) => ({ targetType: 'sub_project', targetId })

async function checkProduct(trx: Tx, i: ProductInput): Promise<void> {
  // Thresholds no finer than the asset (issue 33): a field error naming the one too fine.
  await checkThresholds(trx, i.asset, { minAmount: i.minAmount, maxAmount: i.maxAmount, quota: i.quota })
  const dp = await findPrecision(trx, i.asset)
  const ok =
    dp !== null &&
    !gt(i.minAmount, i.maxAmount) &&
    !gt(i.minAmount, i.quota) &&
    decimals(i.minAmount) <= dp &&
    decimals(i.maxAmount) <= dp &&
    lt(i.rate, '10')
  if (!ok) throw new AppError('invalidProduct')
}

function productValues(i: ProductInput) {
  return {
    asset: i.asset,
    cycle_days: i.cycleDays,
    rate: normalize(i.rate),
    rate_kind: i.rateKind,
    min_amount: normalize(i.minAmount),
    max_amount: normalize(i.maxAmount),
    quota: normalize(i.quota),
    early_redeem: i.earlyRedeem,
  }
}

async function checkProject(trx: Tx, i: ProjectInput, now: number): Promise<void> {
  // The currency is a coin the platform already runs (enabled, not another project's coin),
  // and the price and limits are no finer than it (issue 33).
  if (!(await launchRepo.isRunningCurrency(trx, i.currency)))
    throw new AppError('invalidField', {
      msg: 'Invalid value for currency',
      data: { field: 'currency', reason: 'invalid_asset' },
    })
  await checkThresholds(
    trx,
    i.currency,
    { price: i.price, minAmount: i.minAmount, maxAmount: i.maxAmount },
    'currency',
  )
  const cur = await findPrecision(trx, i.currency)
  const ok =
    cur !== null &&
    timesInOrder(i) &&
    i.startAt > now &&
    !gt(i.minAmount, i.maxAmount) &&
    decimals(i.minAmount) <= cur &&
    decimals(i.maxAmount) <= cur &&
    decimals(i.supply) <= i.coinPrecision &&
    i.coin !== i.currency
  if (!ok) throw new AppError('invalidProject')
}

function projectValues(i: ProjectInput) {
  return {
    name: i.name,
    coin_name: i.coinName,
    description: JSON.stringify({ en: i.description }),
    currency: i.currency,
    price: normalize(i.price),
    supply: normalize(i.supply),
    min_amount: normalize(i.minAmount),
    max_amount: normalize(i.maxAmount),
    start_at: new Date(i.startAt),
    close_at: new Date(i.closeAt),
    announce_at: new Date(i.announceAt),
    listing_at: new Date(i.listingAt),
  }
}
