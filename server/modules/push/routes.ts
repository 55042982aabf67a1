import { parseLang } from '@common/i18n/languages'
import { normalize } from '@common/money/decimal'
import {
  alertCreateSchema,
  alertIdSchema,
  MAX_ACTIVE_ALERTS,
  type PriceAlert,
  prefsSchema,
  subscribeSchema,
  unsubscribeSchema,
} from '@common/push/schema'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { pushService, readPrefs } from '../../platform/notify/push-service'
import { sendToUser } from '../../platform/notify/sender'
import { alertBounds } from './alerts'
import {
  activeAlertCount,
  alertsOf,
  deleteAlert,
  deleteSubscription,
  deviceCount,
  insertAlert,
  savePrefs,
  saveSubscription,
} from './repo'
import { pushText } from './texts'

const ms = toMillisOrNull

/** Web Push (VAPID key, device subscriptions, preferences per type) and price alerts. */
export async function pushRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const push = pushService(db)
  const auth = { preHandler: requireUser }

  app.get('/push/vapidPublicKey', async () => ok({ publicKey: (await push.keys()).publicKey }))

  /**
   * Saves this device's PushSubscription and language; sending it again after a language change
   * updates the language. An endpoint another account holds is never moved to the caller (1801):
   * the app unsubscribes the device on logout and account switch, and a device whose old account
   * could not do so makes a fresh subscription (a new endpoint).
   */
  app.post('/push/subscribe', auth, async (req) => {
    const user = currentUser(req)
    const body = parse(subscribeSchema, req.body)
    const lang = body.lang ?? parseLang(req.headers.lang)
    const saved = await saveSubscription(db, user.id, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      lang,
    })
    if (!saved) throw new AppError('pushDeviceTaken')
    return ok(null)
  })

  app.post('/push/unsubscribe', auth, async (req) => {
    const user = currentUser(req)
    const body = parse(unsubscribeSchema, req.body)
    await deleteSubscription(db, user.id, body.endpoint)
    return ok(null)
  })

  /** How many devices of the user are subscribed (the settings screen shows it). */
  app.get('/push/devices', auth, async (req) => {
    return ok({ count: await deviceCount(db, currentUser(req).id) })
  })

  app.get('/push/prefs', auth, async (req) => ok(await readPrefs(db, currentUser(req).id)))

  app.post('/push/prefs', auth, async (req) => {
    const user = currentUser(req)
    const body = parse(prefsSchema, req.body)
    const next = { ...(await readPrefs(db, user.id)), ...body }
    await savePrefs(db, user.id, {
      price_alert: next.priceAlert,
      order_fill: next.orderFill,
      notice: next.notice,
    })
    return ok(next)
  })

  /** Sends a test notification to every device of the user. */
  app.post('/push/test', auth, async (req) => {
    const user = currentUser(req)
    const r = await sendToUser(db, await push.keys(), user.id, (lang) => ({
      title: 'Open Exchange',
      body: pushText(lang, 'testBody'),
      icon: '/icons/icon-192.png',
      tag: 'test',
      url: '/#/pages/mine/notify-settings',
    }))
    return ok(r)
  })

  app.get('/push/alerts', auth, async (req) => {
    const rows = await alertsOf(db, currentUser(req).id)
    return ok(
      rows.map(
        (r): PriceAlert => ({
          id: String(r.id),
          symbol: r.symbol,
          kind: r.kind as PriceAlert['kind'],
          value: normalize(String(r.value)),
          basePrice: normalize(String(r.base_price)),
          status: r.status === 'fired' ? 'fired' : 'active',
          firedPrice: r.fired_price === null ? null : normalize(String(r.fired_price)),
          createdAt: ms(r.created_at) as number,
          firedAt: ms(r.fired_at),
        }),
      ),
    )
  })

  app.post('/push/alerts/create', auth, async (req) => {
    const user = currentUser(req)
    const body = parse(alertCreateSchema, req.body)
    if (!market.instrument(body.symbol)) throw new AppError('unknownSymbol')
    const price = market.ticker(body.symbol)?.last
    if (!price) throw new AppError('noIndexPrice')
    if ((await activeAlertCount(db, user.id)) >= MAX_ACTIVE_ALERTS) throw new AppError('tooManyAlerts')
    const b = alertBounds(body.kind, body.value, price)
    const id = await insertAlert(db, {
      userId: user.id,
      symbol: body.symbol,
      kind: body.kind,
      value: body.value,
      basePrice: price,
      above: b.above,
      below: b.below,
    })
    push.emit('alerts')
    return ok({ id, basePrice: normalize(price) })
  })

  app.post('/push/alerts/delete', auth, async (req) => {
    const user = currentUser(req)
    const { id } = parse(alertIdSchema, req.body)
    if (!(await deleteAlert(db, user.id, id))) throw new AppError('notFound')
    push.emit('alerts')
    return ok(null)
  })
}
