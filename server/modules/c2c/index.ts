import type { C2cUserEvent } from '@common/c2c/schema'
import * as v from 'valibot'
import type { ModuleManifest } from '../../platform/manifest'
import { c2cAdminRoutes } from './admin-routes'
import { c2cBus } from './bus'
import { c2cDevRoutes } from './dev-routes'
import { C2cJobs } from './jobs'
import { c2cRoutes } from './routes'
import { c2cService } from './service'

/**
 * Peer-to-peer trading: ads, orders, escrow, appeals and chat. Order changes and chat messages
 * reach both parties on the `user` channel as `{ c2c }`, from whichever process made them.
 */
export const c2cModule: ModuleManifest = {
  name: 'c2c',
  routes: c2cRoutes,
  console: { prefix: '/admin/c2c', routes: c2cAdminRoutes },
  dev: c2cDevRoutes,
  jobs: [{ name: C2cJobs.runner, start: ({ db, log }) => new C2cJobs(c2cService(db), log).start() }],
  relays: [
    {
      t: 'c2c',
      fields: { userId: v.string(), event: v.unknown() },
      listen({ db }, send) {
        const on = (userId: string, event: C2cUserEvent) => send({ userId, event })
        c2cBus(db).on('user', on)
        return () => c2cBus(db).off('user', on)
      },
      // Checked by its own event schemas where it was made: the cluster's own broker.
      emit: ({ db }, m) => c2cBus(db).emit('user', m.userId as string, m.event as C2cUserEvent),
    },
  ],
  channels: {
    attach({ db, toUser }) {
      const on = (userId: string, c2c: C2cUserEvent) => toUser(userId, { c2c })
      c2cBus(db).on('user', on)
      return { close: () => c2cBus(db).off('user', on) }
    },
  },
}
