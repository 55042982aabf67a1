import type { ModuleManifest } from '../../platform/manifest'
import { pushService } from '../../platform/notify/push-service'
import { noticePush } from '../../platform/ports/notice-push'
import { PushJobs } from './jobs'
import { pushNotice } from './notices'
import { pushRoutes } from './routes'

/**
 * Web Push: devices, price alerts and notices. Its background work follows the engines (filled
 * orders, liquidations) wherever they run; a change of the price alerts is relayed to the
 * process running the alert checks.
 */
export const pushModule: ModuleManifest = {
  name: 'push',
  routes: pushRoutes,
  provide: () => noticePush.provide(pushNotice),
  follow: ({ db, market, log }, engines) =>
    new PushJobs(db, market, engines.spot ?? null, log, engines.contract ?? null).start(),
  relays: [
    {
      t: 'alerts',
      fields: {},
      listen({ db }, send) {
        const on = () => send({})
        pushService(db).on('alerts', on)
        return () => pushService(db).off('alerts', on)
      },
      emit: ({ db }) => pushService(db).emit('alerts'),
    },
  ],
}
