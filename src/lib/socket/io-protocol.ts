/**
 * The parts of the Engine.IO v4 / Socket.IO v5 wire protocol this app uses: text frames, the
 * default namespace, events with JSON arguments and acknowledgements. Pure, so it is tested
 * on its own; the transports live in io-connection.ts.
 *
 * Why not socket.io-client in the browser: it is 12 KB gzip of the home route's 160 KB budget,
 * mostly for binary packets, namespaces, multiplexing and a transport upgrade we never use.
 * Node tests and the socket benchmark still drive the server with the official client, so the
 * server stays a standard Socket.IO server.
 */

/** Engine.IO packet types. */
export const EIO = { open: '0', close: '1', ping: '2', pong: '3', message: '4', noop: '6' } as const
/** Socket.IO packet types (inside an Engine.IO message). */
export const SIO = { connect: '0', disconnect: '1', event: '2', ack: '3', connectError: '4' } as const

/** Separates Engine.IO packets in one long-polling payload. */
export const POLL_SEPARATOR = '\x1e'

export interface Handshake {
  sid: string
  pingInterval: number
  pingTimeout: number
}

export type SocketPacket =
  | { type: 'connect' }
  | { type: 'connectError'; message: string }
  | { type: 'disconnect' }
  | { type: 'event'; name: string; args: unknown[]; id?: number }
  | { type: 'ack'; id: number; args: unknown[] }

export type EnginePacket =
  | { type: 'open'; handshake: Handshake }
  | { type: 'close' }
  | { type: 'ping' }
  | { type: 'noop' }
  | { type: 'message'; packet: SocketPacket }

/** The CONNECT packet of the default namespace, carrying the handshake's auth payload. */
export function encodeConnect(auth: object): string {
  return `${EIO.message}${SIO.connect}${JSON.stringify(auth)}`
}

/** An EVENT packet; with `id`, the server answers with an ACK carrying the same id. */
export function encodeEvent(name: string, args: unknown[], id?: number): string {
  return `${EIO.message}${SIO.event}${id ?? ''}${JSON.stringify([name, ...args])}`
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return undefined
  }
}

function decodeSocket(s: string): SocketPacket | null {
  const type = s[0]
  let i = 1
  // Packets of another namespace ("/admin,...") are not ours.
  if (s[i] === '/') return null
  const digits = /^\d*/.exec(s.slice(1))?.[0] ?? ''
  i += digits.length
  const body = i < s.length ? parseJson(s.slice(i)) : undefined
  const id = digits ? Number(digits) : undefined
  switch (type) {
    case SIO.connect:
      return { type: 'connect' }
    case SIO.disconnect:
      return { type: 'disconnect' }
    case SIO.connectError: {
      const message = (body as { message?: unknown } | undefined)?.message
      return { type: 'connectError', message: typeof message === 'string' ? message : 'connect error' }
    }
    case SIO.event:
      if (!Array.isArray(body) || typeof body[0] !== 'string') return null
      return { type: 'event', name: body[0], args: body.slice(1), id }
    case SIO.ack:
      if (id === undefined || !Array.isArray(body)) return null
      return { type: 'ack', id, args: body }
    default:
      // Binary packets are never sent by this server.
      return null
  }
}

/** Decodes one Engine.IO text packet; null for anything this client does not handle. */
export function decodePacket(s: string): EnginePacket | null {
  switch (s[0]) {
    case EIO.open: {
      const h = parseJson(s.slice(1)) as Partial<Handshake> | undefined
      if (!h || typeof h.sid !== 'string') return null
      return {
        type: 'open',
        handshake: {
          sid: h.sid,
          pingInterval: Number(h.pingInterval) || 25_000,
          pingTimeout: Number(h.pingTimeout) || 20_000,
        },
      }
    }
    case EIO.close:
      return { type: 'close' }
    case EIO.ping:
      return { type: 'ping' }
    case EIO.noop:
      return { type: 'noop' }
    case EIO.message: {
      const packet = decodeSocket(s.slice(1))
      return packet && { type: 'message', packet }
    }
    default:
      return null
  }
}

/**
 * Reconnection delay with the same shape as socket.io-client's: exponential from `min`, capped
 * at `max`, spread by ±`jitter` so that clients dropped together do not return together.
 */
export function backoffDelay(
  attempt: number,
  min: number,
  max: number,
  jitter: number,
  rand: number,
): number {
  const base = Math.min(max, min * 2 ** attempt)
  const deviation = Math.floor(rand * jitter * base)
  const ms = Math.floor(rand * 10) & 1 ? base + deviation : base - deviation
  return Math.max(0, Math.min(ms, max))
}
