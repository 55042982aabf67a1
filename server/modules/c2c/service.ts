import type { Db } from '../../db/db'
import { perDb } from '../../db/db'
import { C2cAds } from './ads'
import { C2cAppeals } from './appeals'
import { C2cChat } from './chat'
import { C2cConsole } from './console'
import { C2cCore } from './core'
import { seedDemo } from './demo'
import { C2cOrders } from './orders'
import { C2cPayments } from './payments'

/**
 * C2C use cases (issue 16), one capability a file: payment accounts, ads, orders, appeals, chat
 * and the console's, over a shared core (core.ts: clock, identity, the order's lock and the news
 * after commit) and escrow (escrow.ts). Escrow is frozen funds of the seller's funding account;
 * exactly one terminal move per order, and no timer ever releases.
 */
export class C2cService {
  readonly core: C2cCore
  readonly payments: C2cPayments
  readonly ads: C2cAds
  readonly orders: C2cOrders
  readonly appeals: C2cAppeals
  readonly chat: C2cChat
  readonly console: C2cConsole
  private seeded: Promise<void> | null = null

  constructor(readonly db: Db) {
    this.core = new C2cCore(db)
    this.payments = new C2cPayments(this.core)
    this.ads = new C2cAds(this.core, this.payments)
    this.orders = new C2cOrders(this.core, this.payments)
    this.appeals = new C2cAppeals(this.core)
    this.chat = new C2cChat(this.core)
    this.console = new C2cConsole(this.core, this.appeals)
  }

  now(): number {
    return this.core.now()
  }

  /** The example ads of a fresh install, published once per process start (idempotent in the database). */
  init(): Promise<void> {
    this.seeded ??= seedDemo(this.db)
    return this.seeded
  }

  /** Timeout pass (the scheduler's): unpaid orders past their window are cancelled. */
  runTimeouts(now = this.now()): Promise<number> {
    return this.orders.runTimeouts(now)
  }
}

export const c2cService = perDb((db) => new C2cService(db))
