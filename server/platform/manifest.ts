import type { EventEmitter } from 'node:events'
import type { ErrorName } from '@common/api/errors'
import type { ContractUserMessage } from '@common/contract/schema'
import type { PublicTrade, SpotOrder } from '@common/spot/schema'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Server, Socket } from 'socket.io'
import type * as v from 'valibot'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import type { ModuleDeps } from './module-deps'
import type { ContractPort, SpotPort } from './ports/engines'

/*
 * What a module tells the server about itself (its manifest, server/modules/<m>/index.ts), and
 * what the server gives it. server/modules/index.ts lists the manifests; app.ts, main.ts,
 * cluster/core.ts, cluster/control.ts and realtime/hub.ts read that one list, so a new product is
 * one folder and one line there. Here in the platform, so a module can import it.
 */

/** A Fastify plugin of a module's routes, registered under /api. */
export type ModuleRoutes = (app: FastifyInstance, deps: ModuleDeps) => Promise<void>

export interface Stoppable {
  stop(): unknown
}

/** What a module's background work is given: the process's database, market data and log. */
export interface RunContext {
  db: Db
  market: MarketData
  log: FastifyBaseLogger
}

/**
 * A scheduler. Its name is its JobRunner's (one runner per process) and, in a cluster, the
 * leader lock (`leader:<name>`) that lets exactly one core run it.
 */
export interface ModuleJob {
  name: string
  start(ctx: RunContext): Stoppable
}

/**
 * An in-process event that every process of a cluster must hear, relayed on the control channel
 * (cluster/control.ts) as `{ t, from, ...fields }`.
 */
export interface ControlRelay {
  /** The message's type on the control channel. */
  t: string
  /** The message's fields besides `t` and `from`, checked when a message arrives. */
  fields: v.ObjectEntries
  /** Listens for this process's events and relays each through `send`; returns the stop function. */
  listen(ctx: { db: Db; market: MarketData }, send: (fields: Record<string, unknown>) => void): () => void
  /** Emits a relayed event in this process (control.ts keeps it from being relayed back). */
  emit(ctx: { db: Db; market: MarketData }, fields: Record<string, unknown>): void
}

/** What the realtime hub offers a module's socket channels. */
export interface ChannelHost {
  io: Server
  db: Db
  market: MarketData
  /** Publishes `data` as channel `ch` to the sockets in `room`, with the room's next sequence number. */
  publish(room: string, ch: string, data: unknown): void
  /** Publishes `data` on a user's private `user` channel, when a socket of theirs listens. */
  toUser(userId: string, data: object): void
  /** The room of a user's private `user` channel. */
  userRoom(userId: string): string
}

export type ChannelSubscribe =
  | { ok: true; room: string; snapshot: () => Promise<unknown> }
  | { ok: false; error: ErrorName }

/** A module's part of the realtime hub, once attached. Every member is optional. */
export interface AttachedChannels {
  /** What the module adds to the `user` channel's snapshot (e.g. `{ favorites }`). */
  userSnapshot?(userId: string): Promise<object>
  /** Whether `ch` is one of the module's own channels. */
  owns?(ch: string): boolean
  subscribe?(socket: Socket, ch: string): Promise<ChannelSubscribe>
  /** The room of a per-user channel of the module (null: the channel's name is its room). */
  roomOf?(ch: string, userId: string): string | null
  /** Rooms and channels a user's sockets leave when their session ends or their account changes. */
  privateRooms?(userId: string): string[]
  privateChannels?: readonly string[]
  /** A socket went away. */
  forget?(): void
  close(): void
}

/** A module's socket channels (server/realtime/hub.ts attaches them when it starts). */
export interface SocketChannels {
  attach(host: ChannelHost): AttachedChannels
}

// ---- the order-book engines --------------------------------------------------------------

export interface SpotEvents {
  /** The book of a symbol changed. */
  book: [symbol: string]
  trades: [symbol: string, trades: PublicTrade[]]
  order: [holder: string, order: SpotOrder]
}

export interface ContractEvents {
  book: [symbol: string]
  trades: [symbol: string, trades: PublicTrade[]]
  user: [holder: string, msg: ContractUserMessage]
  /** Holders whose balances or positions changed (risk estimates to refresh). */
  touched: [holders: string[]]
}

/** What realtime and notifications need of an engine: its events and its depth (in-process, or a gateway's remote copy). */
export type SpotFeed = EventEmitter<SpotEvents> & Pick<SpotPort, 'depth'>
export type ContractFeed = EventEmitter<ContractEvents> & Pick<ContractPort, 'depth'>

/** The in-process spot engine as the process that owns its markets drives it. */
export interface LocalSpotEngine extends SpotPort, EventEmitter<SpotEvents> {
  attachMarket(market: MarketData): void
  /** Loads every book (idempotent). */
  init(): Promise<void>
  /** Cluster: this core now owns `symbol`; its book is read again from the database. */
  adopt(symbol: string): Promise<void>
  /** Cluster: the engine touches only the markets `owns` accepts. */
  setOwnership(owns: (symbol: string) => boolean): void
  /** Resolves once the work queued so far has run. */
  settled(): Promise<void>
  /** Reads the instrument rows again (console changes made on another process). */
  invalidate(symbol?: string): Promise<void>
  /** The market of an order open in this process's books. */
  symbolOfOpen(id: string): string | undefined
}

/** The in-process perpetual engine (one unit: every perpetual market together). */
export interface LocalContractEngine extends EventEmitter<ContractEvents> {
  attachMarket(market: MarketData): void
  init(): Promise<void>
  /** Cluster: this core now owns the engine; its state is read again from the database. */
  adopt(): Promise<void>
  /** Reads the contract settings again (console changes made on another process). */
  reloadSettings(): Promise<void>
  depth: ContractPort['depth']
}

/** An engine module's part: its in-process engine and the work that runs where its markets are owned. */
interface EngineManifestOf<E> {
  /** The engine of this database (one per database and process). */
  local(db: Db): E
  /**
   * What runs on the process that owns the engine's markets (market makers, the engine's own
   * schedulers), started at once; `owns` narrows it to the markets this process owns.
   */
  owner(ctx: RunContext, owns?: (symbol: string) => boolean): Stoppable[]
  /** Public market channels `depth:<SYMBOL>` and `trades:<SYMBOL>` of the instruments of `category`. */
  market: {
    category: string
    recentTrades(db: Db, symbol: string, limit: number): Promise<PublicTrade[]>
  }
}

export interface SpotEngineManifest extends EngineManifestOf<LocalSpotEngine> {
  kind: 'spot'
}

export interface ContractEngineManifest extends EngineManifestOf<LocalContractEngine> {
  kind: 'contract'
  /** The engine's use cases as wire objects (what a core runs for a gateway's command). */
  port(db: Db): ContractPort
}

export type EngineManifest = SpotEngineManifest | ContractEngineManifest

/** The engines a process runs or reaches: in-process ones, or a gateway's remote copies. */
export interface EngineFeeds {
  spot?: SpotFeed
  contract?: ContractFeed
}

// ---- the manifest ------------------------------------------------------------------------

export interface ModuleManifest {
  name: string
  /** Routes under /api, registered in the list's order. */
  routes?: ModuleRoutes
  /** Console routes under /api/admin/<prefix>, registered right after the module's routes. */
  console?: { prefix: string; routes: ModuleRoutes }
  /** Development helpers (/api/dev/...), registered only when NODE_ENV is not production. */
  dev?: ModuleRoutes
  /** Provides the module's platform ports (server/platform/ports), once per process before any route or job. */
  provide?(): void
  /** Hands the process's market data to the module's services where no route does it (a core). */
  attach?(ctx: RunContext): void
  /** Schedulers: in one process all run; in a cluster each runs on the core holding its leader lock. */
  jobs?: readonly ModuleJob[]
  /** Work that follows the engines' events in every process that runs engines (one process, each core). */
  follow?(ctx: RunContext, engines: EngineFeeds): Stoppable
  /** Events relayed between the processes of a cluster. */
  relays?: readonly ControlRelay[]
  /** Socket channels on the realtime hub. */
  channels?: SocketChannels
  /** An order-book engine (spot, perpetuals): cluster units, commands and market channels. */
  engine?: EngineManifest
}
