import type { C2cUserEvent } from '@common/c2c/schema'
import type { ServiceEvent } from '@common/support/schema'
import * as v from 'valibot'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import { c2cBus } from '../modules/c2c/bus'
import { type Audience, supportBus } from '../modules/support/bus'
import { forgetSessions, onSessionsChanged } from '../platform/identity/sessions'
import { pushService } from '../platform/notify/push-service'
import { K, type Redis } from './redis'

const messageSchema = v.variant('t', [
  v.object({
    t: v.literal('sessions'),
    from: v.string(),
    filter: v.union([v.object({ userId: v.string() }), v.object({ sessionId: v.string() })]),
  }),
  v.object({ t: v.literal('alerts'), from: v.string() }),
  // Live events for sockets, which may sit on any gateway: made by the process that committed
  // the change (its own event schemas checked them there; this is the cluster's own broker).
  v.object({ t: v.literal('c2c'), from: v.string(), userId: v.string(), event: v.unknown() }),
  v.object({
    t: v.literal('service'),
    from: v.string(),
    to: v.nullable(v.union([v.object({ userId: v.string() }), v.object({ visitorHash: v.string() })])),
    event: v.unknown(),
  }),
  v.object({ t: v.literal('favorites'), from: v.string(), userId: v.string(), symbols: v.array(v.string()) }),
])

/**
 * In-process notices that other processes of the cluster must hear too, relayed on the
 * `control` channel: a session ended or an account changed (every gateway drops its cached
 * session and the sockets' private rooms at once, not after the cache's 5 s), price alerts
 * changed (the core running the alert checks reloads them), and the live events of C2C orders
 * and chat, service chat and favourites (the user's socket may be on another gateway than the
 * request that made them). A relayed notice is not relayed back.
 */
export async function bridgeControl(
  redis: Redis,
  sub: Redis,
  db: Db,
  nodeId: string,
  market: MarketData,
): Promise<() => Promise<void>> {
  let relaying = false
  const send = (m: v.InferOutput<typeof messageSchema>) =>
    void redis.publish(K.control, JSON.stringify(m)).catch(() => undefined)
  const offSessions = onSessionsChanged((filter) => {
    if (!relaying) send({ t: 'sessions', from: nodeId, filter })
  })
  const onAlerts = () => {
    if (!relaying) send({ t: 'alerts', from: nodeId })
  }
  const push = pushService(db)
  push.on('alerts', onAlerts)
  const c2c = c2cBus(db)
  const onC2c = (userId: string, event: C2cUserEvent) => {
    if (!relaying) send({ t: 'c2c', from: nodeId, userId, event })
  }
  c2c.on('user', onC2c)
  const service = supportBus(db)
  const onOwner = (to: Audience, event: ServiceEvent) => {
    if (!relaying) send({ t: 'service', from: nodeId, to, event })
  }
  const onDesk = (event: ServiceEvent) => {
    if (!relaying) send({ t: 'service', from: nodeId, to: null, event })
  }
  service.on('owner', onOwner)
  service.on('desk', onDesk)
  const onFavorites = (userId: string, symbols: string[]) => {
    if (!relaying) send({ t: 'favorites', from: nodeId, userId, symbols })
  }
  market.on('favorites', onFavorites)
  await sub.subscribe(K.control, (raw) => {
    let m: v.InferOutput<typeof messageSchema>
    try {
      m = v.parse(messageSchema, JSON.parse(raw))
    } catch {
      return
    }
    if (m.from === nodeId) return
    relaying = true
    try {
      if (m.t === 'sessions') forgetSessions(m.filter)
      else if (m.t === 'alerts') push.emit('alerts')
      else if (m.t === 'c2c') c2c.emit('user', m.userId, m.event as C2cUserEvent)
      else if (m.t === 'service') {
        if (m.to) service.emit('owner', m.to, m.event as ServiceEvent)
        else service.emit('desk', m.event as ServiceEvent)
      } else market.emit('favorites', m.userId, m.symbols)
    } finally {
      relaying = false
    }
  })
  return async () => {
    offSessions()
    push.off('alerts', onAlerts)
    c2c.off('user', onC2c)
    service.off('owner', onOwner)
    service.off('desk', onDesk)
    market.off('favorites', onFavorites)
    await sub.unsubscribe(K.control).catch(() => undefined)
  }
}
