import type { AddressInfo } from 'node:net'
import { io as connect, type Socket } from 'socket.io-client'
import { contractService } from '../../server/modules/contract/service'
import { spotService } from '../../server/modules/spot/service'
import { RealtimeHub } from '../../server/realtime/hub'
import { type Harness, startHarness } from './harness'

/** One message of a channel, as the hub sends it. */
export interface Msg<T = unknown> {
  ch: string
  seq: number
  data: T
}

export interface SubAck {
  ok: boolean
  seq: number
  data: unknown
  code?: number
}

/** The harness with a realtime hub listening on a free port, and socket.io clients to it. */
export interface RealtimeHarness extends Harness {
  /** A new client (websocket only, no reconnection), closed with the harness. */
  open(auth?: { token: string }): Socket
}

/**
 * The hub on the harness app's own HTTP server, with market data read from the same database and
 * the spot service (and the contract service when asked) behind the private channels.
 */
export async function startRealtime(
  backend: 'pglite' | 'postgres',
  opts: { contract?: boolean } = {},
): Promise<RealtimeHarness> {
  const h = await startHarness(backend)
  const { MarketData } = await import('../../server/market/service')
  const market = new MarketData(h.db)
  await market.load()
  const hub = new RealtimeHub(h.app.server, {
    market,
    db: h.db,
    spot: spotService(h.db),
    ...(opts.contract ? { contract: contractService(h.db) } : {}),
  })
  await h.app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`
  const sockets: Socket[] = []
  return {
    app: h.app,
    db: h.db,
    open(auth) {
      const s = connect(url, { transports: ['websocket'], auth, forceNew: true, reconnection: false })
      sockets.push(s)
      return s
    },
    async close() {
      for (const s of sockets) s.close()
      await hub.close()
      await h.close()
    },
  }
}

export const sub = (s: Socket, ch: string) => s.emitWithAck('sub', ch) as Promise<SubAck>

/** The next message on `ch` that passes `where`. */
export const nextMsg = (s: Socket, ch: string, where: (m: Msg) => boolean = () => true) =>
  new Promise<Msg>((resolve) => {
    const on = (m: Msg) => {
      if (m.ch !== ch || !where(m)) return
      s.off('msg', on)
      resolve(m)
    }
    s.on('msg', on)
  })
