import {
  SOCKET_RANDOMIZATION,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@common/constants'
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'

/**
 * The socket.io-client connection of the app. This module is loaded after home's first paint
 * (`client.ts` imports it dynamically), so the library stays out of the home route's budget.
 */

/** docs/spec.md section 9: the library's default connection time-out, stated here on purpose. */
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000

export type { Socket }

/** The options of docs/spec.md section 9: WebSocket first, long-polling when it fails, library backoff. */
export function socketOptions(auth: () => { token: string }): Partial<ManagerOptions & SocketOptions> {
  return {
    transports: ['websocket', 'polling'],
    // Without it a failed WebSocket ends the attempt; with it, polling is tried next.
    tryAllTransports: true,
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
    ackTimeout: SOCKET_TIMEOUT_MS,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION,
    // Read at every (re)connect, so a login or logout is picked up by reconnecting.
    auth: (cb) => cb(auth()),
  }
}

/** One connection to the default namespace; `extra` only for tests (e.g. a transport list). */
export function createSocket(
  url: string,
  auth: () => { token: string },
  extra: Partial<ManagerOptions & SocketOptions> = {},
): Socket {
  return io(url, { ...socketOptions(auth), ...extra })
}
