import { SOCKET_EVENTS, SOCKET_RECONNECT_DELAY_MAX_MS } from '@common/constants'
import { atom } from 'jotai'
import { apiBase } from '@/lib/http/client'
import { store, tokenAtom } from '@/lib/store'
import type { Socket } from './connection'
import { createFrameBatcher } from './frame-batcher'
import { SequenceTracker } from './sequence'

/** docs/spec.md section 4: the real-time socket's states. */
export type SocketState = 'connecting' | 'open' | 'closing' | 'closed' | 'reconnecting'
export const socketStateAtom = atom<SocketState>('closed')

export interface ChannelHandler<S = unknown, M = unknown> {
  /**
   * The channel's full state; `resync` is true after a reconnect or a detected gap. A channel
   * without state (the private `user` one) makes handlers refetch here, the first time too: a
   * change between their REST read and the server's room join was published to no one.
   */
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
let socket: Socket | null = null
/** Set while socket.io-client (a chunk of its own) is being fetched. */
let loading: Promise<void> | null = null

function setState(s: SocketState): void {
  store.set(socketStateAtom, s)
}

function sendSubscribe(name: string, ch: Channel): void {
  if (!socket?.connected || ch.pending) return
  ch.pending = true
  ch.seq.clear()
  // The answer times out after SOCKET_TIMEOUT_MS (the connection's ackTimeout).
  socket
    .emitWithAck(SOCKET_EVENTS.subscribe, name)
    .then((ack: Ack) => {
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

/**
 * A handler found that a message does not follow the state it holds (a depth diff whose base it
 * lacks): take a fresh snapshot, as on a sequence gap.
 */
export function resync(name: string): void {
  const ch = channels.get(name)
  if (ch) sendSubscribe(name, ch)
}

/** Resolves once the screen that asked for a channel has painted (a frame, then a task). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const task = () => setTimeout(resolve, 0)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(task)
    else task()
  })
}

function wire(s: Socket): void {
  s.on('connect', () => {
    setState('open')
    for (const [name, ch] of channels) {
      ch.pending = false
      sendSubscribe(name, ch)
    }
  })
  // `active`: the library reconnects by itself (it does not after a server-side disconnect).
  s.on('disconnect', () => setState(s.active ? 'reconnecting' : 'closed'))
  s.io.on('reconnect_attempt', () => setState('reconnecting'))
  // A handshake the server refused is not retried; a network failure is, with backoff.
  s.on('connect_error', () => {
    if (!s.active) setState('closed')
  })
  s.on(SOCKET_EVENTS.message, onMessage)
}

/**
 * The connection starts on the first subscription. socket.io-client is fetched after the first
 * paint: screens paint from REST data, and the socket brings them up to date.
 */
function ensureSocket(): void {
  if (socket || loading) return
  setState('connecting')
  loading = afterPaint()
    .then(() => import('./connection'))
    .then(({ createSocket }) => {
      const s = createSocket(socketUrl(), () => ({ token: store.get(tokenAtom) ?? '' }))
      wire(s)
      socket = s
    })
    .catch(() => {
      // The chunk did not load (offline without a cached copy): try again later while wanted.
      setState('closed')
      setTimeout(() => {
        loading = null
        if (channels.size > 0) ensureSocket()
      }, SOCKET_RECONNECT_DELAY_MAX_MS)
    })
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
  // Not connected yet: the handshake will read the current token anyway.
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
