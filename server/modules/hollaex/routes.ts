import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Instrument } from '@common/market/types'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import type { MarketData } from '../../market/service'
import type { SpotFeed } from '../../platform/manifest'
import type { ModuleDeps } from '../../platform/module-deps'
import type { SpotPort } from '../../platform/ports/engines'
import { spotReads } from '../../platform/ports/spot-reads'
import { rawBodies } from './auth'
import { HollaexError, installHollaexErrors } from './errors'
import { hollaexPrivateRoutes } from './private-routes'
import { hollaexPublicRoutes } from './public-routes'
import { ProgramStream } from './stream'
import { pairName } from './wire'

/** Where the surface is mounted: ccxt's `urls.api.rest` is `https://<host>/api/hollaex`. */
export const HOLLAEX_BASE = '/api/hollaex'

/** What the surface's routes share: the spot pairs by HollaEx name, and the spot engine. */
export interface Surface {
  db: Db
  market: MarketData
  /** The spot pairs (HollaEx lists spot markets only). */
  pairs(): Instrument[]
  /** The spot pair named `btc-usdt`; 400 when there is none. */
  pair(name: string): Instrument
  nameOf(inst: Pick<Instrument, 'base' | 'quote'>): string
  /** The spot engine port: the remote one on a gateway, the in-process service otherwise. */
  spot(): Promise<SpotPort>
}

/**
 * The HollaEx-compatible API under /api/hollaex (docs/api.md): stock ccxt `hollaex` clients trade
 * here unchanged. Thin adapters over the spot engine port, the spot queries (platform port
 * spot-reads), market data and the ledger's balances, with the key store of server/platform/api-keys.
 */
export async function hollaexRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  let engine: Promise<SpotPort> | null = null
  const surface: Surface = {
    db,
    market,
    pairs: () => market.instruments().filter((i) => i.category === 'spot'),
    pair(name) {
      const inst = surface.pairs().find((i) => pairName(i) === name)
      if (!inst) throw new HollaexError(400, `Invalid symbol: ${name}`)
      return inst
    },
    nameOf: pairName,
    spot() {
      engine ??= deps.engines ? Promise.resolve(deps.engines.spot) : spotReads.get().localEngine(db, market)
      return engine
    },
  }

  await app.register(
    async (h) => {
      installHollaexErrors(h)
      // The signature covers the body as sent: keep it, then parse it.
      h.removeContentTypeParser('application/json')
      h.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
        const text = String(body)
        rawBodies.set(req, text)
        if (text.trim() === '') return done(null, {})
        try {
          done(null, JSON.parse(text))
        } catch {
          done(new HollaexError(400, 'Invalid JSON body'), undefined)
        }
      })
      hollaexPublicRoutes(h, surface)
      hollaexPrivateRoutes(h, surface)
    },
    { prefix: '/hollaex' },
  )

  // The program stream on the same HTTP server (stream.ts): the spot engine's events, in-process
  // or relayed to a gateway (both are the engine's event emitter).
  const stream = new ProgramStream({
    db,
    market,
    spot: async () => {
      const port = await surface.spot()
      if (typeof (port as Partial<SpotFeed>).on !== 'function')
        throw new Error('the spot engine has no events here')
      return port as unknown as SpotFeed
    },
  })
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    stream.handleUpgrade(req, socket, head)
  }
  app.server.on('upgrade', onUpgrade)
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade)
    stream.close()
  })
}
