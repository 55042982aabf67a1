import * as v from 'valibot'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import { manifests } from '../modules/index'
import { forgetSessions, onSessionsChanged } from '../platform/identity/sessions'
import type { ControlRelay } from '../platform/manifest'
import { K, type Redis } from './redis'

/** A session ended or an account changed: every process drops its cached session and sockets' private rooms. */
const sessions: ControlRelay = {
  t: 'sessions',
  fields: { filter: v.union([v.object({ userId: v.string() }), v.object({ sessionId: v.string() })]) },
  listen: (_ctx, send) => onSessionsChanged((filter) => send({ filter })),
  emit: (_ctx, m) => forgetSessions(m.filter as Parameters<typeof forgetSessions>[0]),
}

/**
 * In-process notices that other processes of the cluster must hear too, relayed on the
 * `control` channel: a session ended or an account changed (every gateway drops its cached
 * session and the sockets' private rooms at once, not after the cache's 5 s), and each module's
 * relays (its manifest's `relays`: price alerts changed, so the core running the alert checks
 * reloads them; the live events of C2C orders and chat, service chat and favourites, whose
 * user's socket may be on another gateway than the request that made them). A relayed notice
 * is not relayed back.
 */
export async function bridgeControl(
  redis: Redis,
  sub: Redis,
  db: Db,
  nodeId: string,
  market: MarketData,
): Promise<() => Promise<void>> {
  const relays = [sessions, ...manifests.flatMap((m) => m.relays ?? [])]
  const byType = new Map(relays.map((r) => [r.t, r]))
  const messageSchema = v.variant(
    't',
    relays.map((r) => v.object({ t: v.literal(r.t), from: v.string(), ...r.fields })),
  )
  const ctx = { db, market }
  let relaying = false
  const offs = relays.map((r) =>
    r.listen(ctx, (fields) => {
      if (relaying) return
      void redis
        .publish(K.control, JSON.stringify({ t: r.t, from: nodeId, ...fields }))
        .catch(() => undefined)
    }),
  )
  await sub.subscribe(K.control, (raw) => {
    let m: { t: string; from: string } & Record<string, unknown>
    try {
      m = v.parse(messageSchema, JSON.parse(raw)) as typeof m
    } catch {
      return
    }
    if (m.from === nodeId) return
    relaying = true
    try {
      byType.get(m.t)?.emit(ctx, m)
    } finally {
      relaying = false
    }
  })
  return async () => {
    for (const off of offs) off()
    await sub.unsubscribe(K.control).catch(() => undefined)
  }
}
