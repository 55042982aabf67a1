import type { FastifyInstance } from 'fastify'
import type { ContractEngineManifest, ModuleManifest, SpotEngineManifest } from '../platform/manifest'
import type { ModuleDeps } from '../platform/module-deps'
import { consoleGate } from '../platform/staff/duties'
import { adminModule } from './admin/index'
import { apiKeyModule } from './apikey/index'
import { assetsModule } from './assets/index'
import { authModule } from './auth/index'
import { c2cModule } from './c2c/index'
import { contentModule } from './content/index'
import { contractModule } from './contract/index'
import { earnModule } from './earn/index'
import { etfModule } from './etf/index'
import { hollaexModule } from './hollaex/index'
import { inviteModule } from './invite/index'
import { loanModule } from './loan/index'
import { marketModule } from './market/index'
import { optionModule } from './option/index'
import { pushModule } from './push/index'
import { spotModule } from './spot/index'
import { supportModule } from './support/index'
import { systemModule } from './system/index'

/**
 * Every module, one line each, in the order their routes are registered under /api (and their
 * schedulers started). app.ts, main.ts, cluster/core.ts, cluster/control.ts and realtime/hub.ts
 * read this list; a module's own index.ts says what it brings (server/platform/manifest.ts).
 */
export const manifests: readonly ModuleManifest[] = [
  systemModule,
  marketModule,
  authModule,
  spotModule,
  contractModule,
  etfModule,
  optionModule,
  earnModule,
  loanModule,
  inviteModule,
  c2cModule,
  adminModule,
  assetsModule,
  contentModule,
  pushModule,
  supportModule,
  apiKeyModule,
  hollaexModule,
]

function engineOf<K extends 'spot' | 'contract'>(kind: K) {
  const e = manifests.find((m) => m.engine?.kind === kind)?.engine
  if (!e) throw new Error(`no module provides the ${kind} engine`)
  return e as Extract<SpotEngineManifest | ContractEngineManifest, { kind: K }>
}

/** The order-book engines (cluster units, commands and events are theirs). */
export const engines = { spot: engineOf('spot'), contract: engineOf('contract') }

/**
 * Where two products must talk, one asks a port in server/platform/ports and the owner provides
 * it in its manifest, once per process before any route or job runs: buildApp (registerModules)
 * and a core (cluster/core.ts).
 */
export function providePorts(): void {
  for (const m of manifests) m.provide?.()
}

/** Every module's routes under /api: its routes, its console routes, then (not in production) its dev routes. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  providePorts()
  // The console's one gate (staff, set up, not a party to the case) before any /api/admin handler.
  api.addHook('preHandler', consoleGate(deps.db))
  for (const m of manifests) {
    if (m.routes) await api.register(m.routes, deps)
    if (m.console) await api.register(m.console.routes, { ...deps, prefix: m.console.prefix })
    if (m.dev && !deps.config.isProduction) await api.register(m.dev, deps)
  }
}
