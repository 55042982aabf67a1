import * as v from 'valibot'
import type { Db } from '../db/db'
import { forgetSessions, onSessionsChanged } from '../modules/auth/sessions'
import { pushService } from '../modules/push/service'
import { K, type Redis } from './redis'

const messageSchema = v.variant('t', [
  v.object({
    t: v.literal('sessions'),
    from: v.string(),
    filter: v.union([v.object({ userId: v.string() }), v.object({ sessionId: v.string() })]),
  }),
  v.object({ t: v.literal('alerts'), from: v.string() }),
])

/**
 * In-process notices that other processes of the cluster must hear too, relayed on the
 * `control` channel: a session ended or an account changed (every gateway drops its cached
 * session and the sockets' private rooms at once, not after the cache's 5 s), and price alerts
 * changed (the core running the alert checks reloads them). A relayed notice is not relayed back.
 */
export async function bridgeControl(
  redis: Redis,
  sub: Redis,
  db: Db,
  nodeId: string,
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
      else push.emit('alerts')
    } finally {
      relaying = false
    }
  })
  return async () => {
    offSessions()
    push.off('alerts', onAlerts)
    await sub.unsubscribe(K.control).catch(() => undefined)
  }
}
