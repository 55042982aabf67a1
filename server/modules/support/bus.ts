import { EventEmitter } from 'node:events'
import type { ServiceEvent } from '@common/support/schema'
import { type Db, perDb } from '../../db/db'

/** The staff channel: every conversation's events, for operators and admins. */
export const CHANNEL_DESK = 'servicedesk'
/** A logged-in user's own conversation. */
export const CHANNEL_SERVICE = 'service'
/** A visitor's conversation: `service:<visitor key>` (the key proves who the visitor is). */
export const visitorChannel = (key: string) => `service:${key}`

/** Where a conversation's events go: a user's room, or a visitor's (by key hash). */
export type Audience = { userId: string } | { visitorHash: string }

interface BusEvents {
  /** To the owner of one conversation. */
  owner: [to: Audience, event: ServiceEvent]
  /** To every operator watching the desk. */
  desk: [event: ServiceEvent]
}

/**
 * Service events of one database, published after commit; the realtime hub turns them into
 * channel messages. Presence (is the owner's app open, how many operators watch the desk) is
 * asked of the hub through `presence`; without a hub (tests of HTTP alone) nobody is online.
 */
export class SupportBus extends EventEmitter<BusEvents> {
  presence: { owner(to: Audience): boolean; operators(): number } = {
    owner: () => false,
    operators: () => 0,
  }

  constructor() {
    super()
    this.setMaxListeners(0)
  }

  toOwner(to: Audience | null, event: ServiceEvent): void {
    if (to) this.emit('owner', to, event)
  }

  toDesk(event: ServiceEvent): void {
    this.emit('desk', event)
  }
}

export const supportBus = perDb((_db: Db) => new SupportBus())
