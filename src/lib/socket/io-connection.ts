import {
  backoffDelay,
  decodePacket,
  EIO,
  encodeConnect,
  encodeEvent,
  type Handshake,
  POLL_SEPARATOR,
  type SocketPacket,
} from './io-protocol'

/** Why a connection ended; the names socket.io-client uses. */
export type DisconnectReason =
  | 'io client disconnect'
  | 'io server disconnect'
  | 'transport close'
  | 'ping timeout'

export interface IoOptions {
  /** http(s) origin of the Socket.IO server. */
  url: string
  /** Read at every (re)connect. */
  auth: () => object
  timeoutMs: number
  reconnectDelayMs: number
  reconnectDelayMaxMs: number
  randomization: number
  onConnect?(): void
  onDisconnect?(reason: DisconnectReason): void
  onReconnectAttempt?(): void
  /** The server refused the handshake; no reconnection follows. */
  onConnectError?(message: string): void
  /** Injected in Node tests; the browser's globals otherwise. */
  WebSocket?: typeof WebSocket
  fetch?: typeof fetch
  random?: () => number
}

interface Transport {
  send(packet: string): void
  close(): void
}

interface TransportEvents {
  onPacket(raw: string): void
  /** `opened`: whether any packet arrived before it ended (else the next transport is tried). */
  onClose(opened: boolean): void
}

const PATH = '/socket.io/?EIO=4&transport='

function openWebSocket(url: string, Ws: typeof WebSocket, ev: TransportEvents): Transport {
  const ws = new Ws(`${url.replace(/^http/, 'ws')}${PATH}websocket`)
  let opened = false
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    ev.onClose(opened)
  }
  ws.onmessage = (e) => {
    if (typeof e.data !== 'string') return
    opened = true
    ev.onPacket(e.data)
  }
  ws.onclose = end
  ws.onerror = end
  return {
    send: (p) => {
      if (ws.readyState === 1) ws.send(p)
    },
    close: () => {
      ended = true
      ws.close()
    },
  }
}

/** HTTP long-polling, for networks that block WebSocket. Sends are serialised, as the server requires. */
function openPolling(url: string, fetchFn: typeof fetch, ev: TransportEvents): Transport {
  let sid = ''
  let closed = false
  let opened = false
  let queue: string[] = []
  let sending = false
  const endpoint = () => `${url}${PATH}polling&t=${Date.now().toString(36)}${sid ? `&sid=${sid}` : ''}`
  const fail = () => {
    if (closed) return
    closed = true
    ev.onClose(opened)
  }
  const flush = async () => {
    if (sending || !sid || queue.length === 0 || closed) return
    sending = true
    const body = queue.join(POLL_SEPARATOR)
    queue = []
    try {
      const r = await fetchFn(endpoint(), {
        method: 'POST',
        body,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      })
      if (!r.ok) throw new Error(String(r.status))
    } catch {
      fail()
      return
    } finally {
      sending = false
    }
    void flush()
  }
  const poll = async () => {
    while (!closed) {
      let text: string
      try {
        const r = await fetchFn(endpoint())
        if (!r.ok) throw new Error(String(r.status))
        text = await r.text()
      } catch {
        fail()
        return
      }
      for (const raw of text.split(POLL_SEPARATOR)) {
        if (closed) return
        if (!sid) sid = (decodePacket(raw) as { handshake?: Handshake } | null)?.handshake?.sid ?? ''
        opened = true
        ev.onPacket(raw)
      }
      void flush()
    }
  }
  void poll()
  return {
    send: (p) => {
      queue.push(p)
      void flush()
    },
    close: () => {
      if (closed) return
      closed = true
      if (sid) void fetchFn(endpoint(), { method: 'POST', body: EIO.close }).catch(() => {})
    },
  }
}

interface PendingAck {
  resolve(v: unknown): void
  reject(e: Error): void
  timer: ReturnType<typeof setTimeout>
}

/**
 * One Socket.IO connection to the default namespace: WebSocket first, long-polling when that
 * fails, heartbeat answered, reconnection with backoff, events with acknowledgements.
 */
export class IoConnection {
  connected = false
  /** True while the connection should be up (between connect() and disconnect()). */
  active = false
  private transport: Transport | null = null
  private attempts = 0
  private nextAckId = 0
  private readonly acks = new Map<number, PendingAck>()
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  private pingTimer: ReturnType<typeof setTimeout> | undefined
  private connectTimer: ReturnType<typeof setTimeout> | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private handshake: Handshake | null = null

  constructor(private readonly o: IoOptions) {}

  on(event: string, fn: (...args: never[]) => void): void {
    const set = this.listeners.get(event) ?? new Set()
    set.add(fn as (...args: unknown[]) => void)
    this.listeners.set(event, set)
  }

  connect(): void {
    if (this.active) return
    this.active = true
    this.attempts = 0
    this.attempt()
  }

  disconnect(): void {
    this.active = false
    clearTimeout(this.retryTimer)
    this.drop('io client disconnect', false)
  }

  emit(name: string, ...args: unknown[]): void {
    if (this.connected) this.transport?.send(encodeEvent(name, args))
  }

  emitWithAck(name: string, arg: unknown, timeoutMs: number): Promise<unknown> {
    if (!this.connected) return Promise.reject(new Error('not connected'))
    const id = this.nextAckId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id)
        reject(new Error('ack timeout'))
      }, timeoutMs)
      this.acks.set(id, { resolve, reject, timer })
      this.transport?.send(encodeEvent(name, [arg], id))
    })
  }

  private attempt(): void {
    const Ws: typeof WebSocket | undefined = this.o.WebSocket ?? globalThis.WebSocket
    const fetchFn: typeof fetch | undefined =
      this.o.fetch ?? ('fetch' in globalThis ? globalThis.fetch.bind(globalThis) : undefined)
    const kinds = [Ws && 'ws', fetchFn && 'poll'].filter(Boolean) as ('ws' | 'poll')[]
    clearTimeout(this.connectTimer)
    this.connectTimer = setTimeout(() => this.failAttempt(), this.o.timeoutMs)
    const next = (i: number): void => {
      if (i >= kinds.length) {
        this.failAttempt()
        return
      }
      const events: TransportEvents = {
        onPacket: (raw) => {
          if (this.transport === t) this.onPacket(raw)
        },
        onClose: (opened) => {
          if (this.transport !== t) return
          this.transport = null
          if (!opened && !this.connected) next(i + 1)
          else this.drop('transport close', true)
        },
      }
      const t: Transport =
        kinds[i] === 'ws'
          ? openWebSocket(this.o.url, Ws as typeof WebSocket, events)
          : openPolling(this.o.url, fetchFn as typeof fetch, events)
      this.transport = t
    }
    next(0)
  }

  private failAttempt(): void {
    if (this.connected) return
    this.closeTransport()
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    clearTimeout(this.connectTimer)
    clearTimeout(this.retryTimer)
    if (!this.active) return
    const { reconnectDelayMs, reconnectDelayMaxMs, randomization } = this.o
    const delay = backoffDelay(
      this.attempts++,
      reconnectDelayMs,
      reconnectDelayMaxMs,
      randomization,
      (this.o.random ?? Math.random)(),
    )
    this.retryTimer = setTimeout(() => {
      if (!this.active) return
      this.o.onReconnectAttempt?.()
      this.attempt()
    }, delay)
  }

  private closeTransport(): void {
    const t = this.transport
    this.transport = null
    clearTimeout(this.pingTimer)
    t?.close()
  }

  /** Ends the current connection; `retry` reconnects after a backoff while still active. */
  private drop(reason: DisconnectReason, retry: boolean): void {
    const was = this.connected
    this.connected = false
    this.closeTransport()
    for (const a of this.acks.values()) {
      clearTimeout(a.timer)
      a.reject(new Error(reason))
    }
    this.acks.clear()
    if (was) this.o.onDisconnect?.(reason)
    if (retry) this.scheduleRetry()
    else clearTimeout(this.connectTimer)
  }

  private armPing(): void {
    clearTimeout(this.pingTimer)
    const h = this.handshake
    if (h) this.pingTimer = setTimeout(() => this.drop('ping timeout', true), h.pingInterval + h.pingTimeout)
  }

  private onPacket(raw: string): void {
    const p = decodePacket(raw)
    if (!p) return
    switch (p.type) {
      case 'open':
        this.handshake = p.handshake
        this.armPing()
        this.transport?.send(encodeConnect(this.o.auth()))
        return
      case 'ping':
        this.armPing()
        this.transport?.send(EIO.pong)
        return
      case 'close':
        this.drop('transport close', true)
        return
      case 'message':
        this.onSocketPacket(p.packet)
        return
    }
  }

  private onSocketPacket(p: SocketPacket): void {
    switch (p.type) {
      case 'connect':
        clearTimeout(this.connectTimer)
        this.connected = true
        this.attempts = 0
        this.o.onConnect?.()
        return
      case 'connectError':
        this.active = false
        this.drop('io server disconnect', false)
        this.o.onConnectError?.(p.message)
        return
      case 'disconnect':
        this.active = false
        this.drop('io server disconnect', false)
        return
      case 'event':
        for (const fn of this.listeners.get(p.name) ?? []) fn(...p.args)
        return
      case 'ack': {
        const a = this.acks.get(p.id)
        if (!a) return
        this.acks.delete(p.id)
        clearTimeout(a.timer)
        a.resolve(p.args[0])
      }
    }
  }
}
