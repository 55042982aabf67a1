import { EventEmitter } from 'node:events'
import type { C2cUserEvent } from '@common/c2c/schema'
import { type Db, perDb } from '../../db/db'

/**
 * C2C events of one database, emitted after commit: the realtime hub delivers each to the user's
 * private `user` channel as `{c2c: event}` (both parties of an order get its state changes and
 * chat messages). Without a hub (HTTP-only tests) nobody listens.
 */
export class C2cBus extends EventEmitter<{ user: [userId: string, event: C2cUserEvent] }> {
  constructor() {
    super()
    this.setMaxListeners(0)
  }
  toUsers(userIds: string[], event: C2cUserEvent): void {
    for (const id of new Set(userIds)) this.emit('user', id, event)
  }
}

export const c2cBus = perDb((_db: Db) => new C2cBus())
