import type { ErrorName } from '@common/api/errors'
import { visitorKeySchema } from '@common/support/schema'
import type { Server, Socket } from 'socket.io'
import * as v from 'valibot'
import type { Db } from '../../db/db'
import { assertStaffReady } from '../../platform/staff/staff'
import { type Audience, CHANNEL_DESK, CHANNEL_SERVICE, supportBus } from './bus'
import { chatService, hashVisitor } from './chat'
import { roleOf } from './desk-repo'

type Publish = (room: string, ch: string, data: unknown) => void

export type SupportSubscribe =
  | { ok: true; room: string; snapshot: () => Promise<unknown> }
  | { ok: false; error: ErrorName }

export const isSupportChannel = (ch: string) =>
  ch === CHANNEL_SERVICE || ch === CHANNEL_DESK || ch.startsWith(`${CHANNEL_SERVICE}:`)

/** The room of a logged-in user's own conversation (the channel is just `service`). */
export const userSupportRoom = (userId: string) => `service:u:${userId}`

/**
 * The service channels on the realtime hub: `service` (own conversation, logged in),
 * `service:<visitor key>` (a visitor's) and `servicedesk` (staff). Events from the service bus are
 * published into their rooms; the bus asks here whether an owner's app is open and how many
 * operators watch the desk.
 */
export function attachSupportChannels(io: Server, db: Db, publish: Publish) {
  const bus = supportBus(db)
  /**
   * A visitor's room is its channel name, which holds the key: the server never stores the key,
   * so the room is known from a subscription (by the key's hash) while someone holds it.
   */
  const visitorRooms = new Map<string, string>()
  const members = (room: string) => io.sockets.adapter.rooms.get(room)
  const roomOf = (to: Audience) =>
    'userId' in to ? userSupportRoom(to.userId) : visitorRooms.get(to.visitorHash)

  const onOwner = (to: Audience, event: unknown) => {
    const room = roomOf(to)
    if (!room || !members(room)?.size) return
    publish(room, 'userId' in to ? CHANNEL_SERVICE : room, event)
  }
  const onDesk = (event: unknown) => {
    if (members(CHANNEL_DESK)?.size) publish(CHANNEL_DESK, CHANNEL_DESK, event)
  }
  bus.on('owner', onOwner)
  bus.on('desk', onDesk)
  bus.presence = {
    owner: (to) => {
      const room = roomOf(to)
      return !!room && (members(room)?.size ?? 0) > 0
    },
    operators: () => {
      const ids = new Set<string>()
      for (const sid of members(CHANNEL_DESK) ?? []) {
        const u = io.sockets.sockets.get(sid)?.data.user as { id: string } | undefined
        if (u) ids.add(u.id)
      }
      return ids.size
    },
  }

  async function subscribe(socket: Socket, ch: string): Promise<SupportSubscribe> {
    const user = socket.data.user as { id: string } | undefined
    const chat = chatService(db)
    if (ch === CHANNEL_DESK) {
      if (!user) return { ok: false, error: 'invalidSession' }
      const role = await roleOf(db, user.id)
      if (role !== 'operator' && role !== 'admin') return { ok: false, error: 'forbidden' }
      try {
        await assertStaffReady(db, user.id)
      } catch {
        return { ok: false, error: 'forbidden' }
      }
      return { ok: true, room: CHANNEL_DESK, snapshot: async () => ({ operators: bus.presence.operators() }) }
    }
    if (ch === CHANNEL_SERVICE) {
      if (!user) return { ok: false, error: 'invalidSession' }
      return {
        ok: true,
        room: userSupportRoom(user.id),
        snapshot: () => chat.view({ userId: user.id }),
      }
    }
    const key = ch.slice(CHANNEL_SERVICE.length + 1)
    if (!v.is(visitorKeySchema, key)) return { ok: false, error: 'invalidField' }
    const visitorHash = hashVisitor(key)
    visitorRooms.set(visitorHash, ch)
    return { ok: true, room: ch, snapshot: () => chat.view({ visitorHash }) }
  }

  /** Rooms left when a socket goes: forget a visitor's key once nobody holds its room. */
  function forget(): void {
    for (const [hash, room] of visitorRooms) if (!members(room)?.size) visitorRooms.delete(hash)
  }

  return {
    subscribe,
    forget,
    close() {
      bus.off('owner', onOwner)
      bus.off('desk', onDesk)
      bus.presence = { owner: () => false, operators: () => 0 }
    },
  }
}
