import {
  SOCKET_EVENTS,
  SOCKET_RANDOMIZATION,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@common/constants'
import { atom } from 'jotai'
import { store, tokenAtom } from '@/app/store'
import { apiBase } from '@/lib/http/client'
import { createFrameBatcher } from './frame-batcher'
import { IoConnection } from './io-connection'
import { SequenceTracker } from './sequence'

/** SPEC section 4: the real-time socket's states. */
export type SocketState = 'connecting' | 'open' | 'closing' | 'closed' | 'reconnecting'
export const socketStateAtom = atom<SocketState>('closed')

export interface ChannelHandler<S = unknown, M = unknown> {
  /** The channel's full state; `resync` is true after a reconnect or a detected gap. */
  onSnapshot(data: S, resync: boolean): void
  onMessage(data: M): void
}

interface Channel {
  handlers: Set<ChannelHandler>
  seq: SequenceTracker
  snapshots: number
  pending: boolean
}

interface Ack {
  ok: boolean
  ch: string
  seq?: number
  data?: unknown
  code?: number
}

interface Message {
  ch: string
  seq: number
  data: unknown
}

/** Where the socket lives: VITE_SOCKET_URL, else the API's origin (same host and port). */
function socketUrl(): string {
  const explicit: unknown = import.meta.env?.VITE_SOCKET_URL
  if (typeof explicit === 'string' && explicit) return explicit
  const base = apiBase()
  return /^https?:\/\//.test(base) ? new URL(base).origin : location.origin
}

const channels = new Map<string, Channel>()
const batcher = createFrameBatcher()
let socket: IoConnection | null = null

function setState(s: SocketState): void {
  store.set(socketStateAtom, s)
}

function sendSubscribe(name: string, ch: Channel): void {
  if (!socket?.connected || ch.pending) return
  ch.pending = true
  ch.seq.clear()
  socket
    .emitWithAck(SOCKET_EVENTS.subscribe, name, SOCKET_TIMEOUT_MS)
    .then((answer) => {
      const ack = answer as Ack
      ch.pending = false
      if (!channels.has(name) || !ack.ok || ack.seq === undefined) return
      ch.seq.reset(ack.seq)
      const resync = ch.snapshots++ > 0
      batcher.push(() => {
        for (const h of ch.handlers) h.onSnapshot(ack.data, resync)
      })
    })
    .catch(() => {
      // No answer in time: try again while still connected.
      ch.pending = false
      if (channels.get(name) === ch && socket?.connected) sendSubscribe(name, ch)
    })
}

function onMessage(m: Message): void {
  const ch = channels.get(m.ch)
  if (!ch) return
  const verdict = ch.seq.accept(m.seq)
  if (verdict === 'ok') {
    batcher.push(() => {
      for (const h of ch.handlers) h.onMessage(m.data)
    })
  } else if (verdict === 'gap') {
    // Lost messages: take a fresh snapshot (handlers refetch from REST on resync).
    sendSubscribe(m.ch, ch)
  }
}

function ensureSocket(): IoConnection {
  if (socket) return socket
  const s = new IoConnection({
    url: socketUrl(),
    timeoutMs: SOCKET_TIMEOUT_MS,
    reconnectDelayMs: SOCKET_RECONNECT_DELAY_MS,
    reconnectDelayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS,
    randomization: SOCKET_RANDOMIZATION,
    // Read at every (re)connect, so a login or logout is picked up by reconnecting.
    auth: () => ({ token: store.get(tokenAtom) ?? '' }),
    onConnect() {
      setState('open')
      for (const [name, ch] of channels) {
        ch.pending = false
        sendSubscribe(name, ch)
      }
    },
    onDisconnect: () => setState(s.active ? 'reconnecting' : 'closed'),
    onReconnectAttempt: () => setState('reconnecting'),
    onConnectError: () => setState('closed'),
  })
  s.on(SOCKET_EVENTS.message, onMessage)
  socket = s
  setState('connecting')
  s.connect()
  return s
}

/** Subscribe to a channel; returns the unsubscribe function. Channels are shared between callers. */
export function subscribe<S, M>(name: string, handler: ChannelHandler<S, M>): () => void {
  ensureSocket()
  let ch = channels.get(name)
  const h = handler as ChannelHandler
  if (!ch) {
    ch = { handlers: new Set(), seq: new SequenceTracker(), snapshots: 0, pending: false }
    channels.set(name, ch)
    ch.handlers.add(h)
    sendSubscribe(name, ch)
  } else {
    // Shared channel: the state the first subscriber received is already in the query cache.
    ch.handlers.add(h)
  }
  return () => {
    const c = channels.get(name)
    if (!c) return
    c.handlers.delete(h)
    if (c.handlers.size === 0) {
      channels.delete(name)
      if (socket?.connected) socket.emit(SOCKET_EVENTS.unsubscribe, name)
    }
  }
}

/** A new identity (login, logout): reconnect so the handshake carries the new token. */
function reconnectForToken(): void {
  if (!socket) return
  setState('closing')
  socket.disconnect()
  setState('connecting')
  socket.connect()
}

let lastToken = store.get(tokenAtom)
store.sub(tokenAtom, () => {
  const t = store.get(tokenAtom)
  if (t === lastToken) return
  lastToken = t
  reconnectForToken()
})
