import { CHANNEL_USER } from '@common/constants'
import * as v from 'valibot'
import type { ModuleManifest } from '../../platform/manifest'
import { listFavorites } from './favorites'
import { indexStatusRoutes, marketDataAdminRoutes } from './index-routes'
import { marketRoutes } from './routes'

/**
 * Instruments, tickers, candles and favourites. A change of a user's favourites reaches their
 * sockets on the `user` channel, from whichever process of a cluster made it.
 */
export const marketModule: ModuleManifest = {
  name: 'market',
  routes: async (app, deps) => {
    await marketRoutes(app, deps)
    await indexStatusRoutes(app, deps)
  },
  // The market-data page: each instrument's sources and index state (read only).
  console: { prefix: '/admin/market-data', routes: marketDataAdminRoutes },
  relays: [
    {
      t: 'favorites',
      fields: { userId: v.string(), symbols: v.array(v.string()) },
      listen({ market }, send) {
        const on = (userId: string, symbols: string[]) => send({ userId, symbols })
        market.on('favorites', on)
        return () => market.off('favorites', on)
      },
      emit({ market }, m) {
        market.emit('favorites', m.userId as string, m.symbols as string[])
      },
    },
  ],
  channels: {
    attach({ db, market, publish, userRoom }) {
      // Published whether or not a socket listens (the user channel's sequence counts every change).
      const on = (userId: string, symbols: string[]) =>
        publish(userRoom(userId), CHANNEL_USER, { favorites: symbols })
      market.on('favorites', on)
      return {
        userSnapshot: async (userId) => ({ favorites: await listFavorites(db, userId) }),
        close: () => market.off('favorites', on),
      }
    },
  },
}
