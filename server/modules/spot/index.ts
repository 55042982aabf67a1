import type { SpotOrder } from '@common/spot/schema'
import { MarketMakers } from '../../market/market-makers'
import type { ModuleManifest } from '../../platform/manifest'
import { pushService } from '../../platform/notify/push-service'
import { spotReads } from '../../platform/ports/spot-reads'
import { spotDevRoutes } from './dev-routes'
import { justTriggered, triggeredPayload } from './push-texts'
import { spotReadsImpl } from './reads'
import { recentTrades } from './repo'
import { spotRoutes } from './routes'
import { spotService } from './service'

/**
 * Spot trading: one order book per market, group-committed placements, fills settled on the
 * ledger. In a cluster each market is its own unit; the market makers quote the markets this
 * process owns.
 */
export const spotModule: ModuleManifest = {
  name: 'spot',
  routes: spotRoutes,
  dev: spotDevRoutes,
  // A conditional order that triggers: an in-app notice and a push (the order-fill switch).
  follow: ({ db, log }, engines) => {
    const on = (holder: string, o: SpotOrder) => {
      if (!justTriggered(o) || holder.startsWith('mm:')) return
      pushService(db)
        .notify(holder, 'orderFill', (lang) => triggeredPayload(o, lang))
        .catch((err) => log.error({ err }, 'trigger notice failed'))
    }
    engines.spot?.on('order', on)
    return { stop: () => engines.spot?.off('order', on) }
  },
  provide() {
    spotReads.provide(spotReadsImpl)
  },
  engine: {
    kind: 'spot',
    local: (db) => spotService(db),
    owner({ db, market, log }, owns) {
      const makers = new MarketMakers(db, market, spotService(db), { log, ...(owns ? { owns } : {}) })
      makers.start()
      return [makers]
    },
    market: { category: 'spot', recentTrades },
  },
}
