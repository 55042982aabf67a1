import type { ServiceEvent } from '@common/support/schema'
import * as v from 'valibot'
import type { ModuleManifest } from '../../platform/manifest'
import { type Audience, CHANNEL_DESK, CHANNEL_SERVICE, supportBus } from './bus'
import { attachSupportChannels, isSupportChannel, userSupportRoom } from './realtime'
import { supportRoutes } from './routes'

const audience = v.union([v.object({ userId: v.string() }), v.object({ visitorHash: v.string() })])

/**
 * Customer service chat and work orders. The chat's socket channels are `service` (a user's own
 * conversation), `service:<visitor key>` and `servicedesk` (staff); its events are relayed to
 * every process of a cluster, where the owner's or an operator's socket may be.
 */
export const supportModule: ModuleManifest = {
  name: 'support',
  routes: supportRoutes,
  relays: [
    {
      t: 'service',
      fields: { to: v.nullable(audience), event: v.unknown() },
      listen({ db }, send) {
        const onOwner = (to: Audience, event: ServiceEvent) => send({ to, event })
        const onDesk = (event: ServiceEvent) => send({ to: null, event })
        supportBus(db).on('owner', onOwner)
        supportBus(db).on('desk', onDesk)
        return () => {
          supportBus(db).off('owner', onOwner)
          supportBus(db).off('desk', onDesk)
        }
      },
      emit({ db }, m) {
        if (m.to) supportBus(db).emit('owner', m.to as Audience, m.event as ServiceEvent)
        else supportBus(db).emit('desk', m.event as ServiceEvent)
      },
    },
  ],
  channels: {
    attach({ io, db, publish }) {
      const chat = attachSupportChannels(io, db, publish)
      return {
        owns: isSupportChannel,
        subscribe: chat.subscribe,
        roomOf: (ch, userId) => (ch === CHANNEL_SERVICE ? userSupportRoom(userId) : null),
        // The service rooms of an identity end with it (the app subscribes again after a login).
        privateRooms: (userId) => [userSupportRoom(userId), CHANNEL_DESK],
        privateChannels: [CHANNEL_SERVICE, CHANNEL_DESK],
        forget: chat.forget,
        close: chat.close,
      }
    },
  },
}
