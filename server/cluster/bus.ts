import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { AppError } from '../http/errors'
import { K, type Redis } from './redis'
import { isExpired } from './shares'
import { type Command, commandSchema, errorFromWire, errorToWire, type Reply, replySchema } from './wire'

/** How long a gateway gives a core to start a command. */
export const COMMAND_DEADLINE_MS = 5000
/**
 * After the deadline the gateway still waits this long: a command started just before its
 * deadline is one transaction, which commits (and answers) or fails well within it.
 */
export const COMMAND_GRACE_MS = 10_000
const OWNER_CACHE_MS = 1000
/** Streams keep about this many entries (a command is only useful until its deadline). */
const STREAM_MAXLEN = 10_000

interface Pending {
  resolve: (data: unknown) => void
  reject: (err: Error) => void
  timer: ReturnType<typeof setTimeout>
  op: string
}

/**
 * The gateway's side: a command goes on the stream of the unit that owns the market, and the
 * answer comes back on this gateway's reply channel. A unit nobody owns is refused at once
 * (marketUnavailable); a command unanswered past its deadline and grace is reported as
 * commandTimeout (the core did not start it in time or died while running it).
 */
export class CommandClient {
  private readonly pending = new Map<string, Pending>()
  private readonly owners = new Map<string, { owner: string; at: number }>()
  private readonly channel: string

  private constructor(
    private readonly redis: Redis,
    private readonly sub: Redis,
    nodeId: string,
  ) {
    this.channel = K.replies(nodeId)
  }

  static async open(redis: Redis, nodeId: string): Promise<CommandClient> {
    const sub = redis.duplicate()
    sub.on('error', () => undefined)
    await sub.connect()
    const c = new CommandClient(redis, sub, nodeId)
    await sub.subscribe(c.channel, (raw) => c.onReply(raw))
    return c
  }

  private onReply(raw: string): void {
    let parsed: v.InferOutput<typeof replySchema>
    try {
      parsed = v.parse(replySchema, JSON.parse(raw))
    } catch {
      return
    }
    const p = this.pending.get(parsed.id)
    if (!p) return
    this.pending.delete(parsed.id)
    clearTimeout(p.timer)
    if (parsed.ok) p.resolve(parsed.data)
    else p.reject(errorFromWire(parsed.error, p.op))
  }

  /**
   * The core that advertises `unit`, or null. A known owner is remembered for a second (one
   * Redis read less per order); no owner is asked again every time, so a take-over is seen at once.
   */
  async ownerOf(unit: string): Promise<string | null> {
    const hit = this.owners.get(unit)
    if (hit && Date.now() - hit.at < OWNER_CACHE_MS) return hit.owner
    const owner = await this.redis.get(K.owner(unit))
    if (owner) this.owners.set(unit, { owner, at: Date.now() })
    else this.owners.delete(unit)
    return owner
  }

  async send<T>(unit: string, op: string, args: unknown[], deadlineMs = COMMAND_DEADLINE_MS): Promise<T> {
    if (!(await this.ownerOf(unit))) throw new AppError('marketUnavailable')
    const cmd: Command = {
      id: randomUUID(),
      op,
      args,
      deadline: Date.now() + deadlineMs,
      replyTo: this.channel,
    }
    const answer = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(cmd.id)
        reject(new AppError('commandTimeout'))
      }, deadlineMs + COMMAND_GRACE_MS)
      timer.unref?.()
      this.pending.set(cmd.id, { resolve: resolve as (d: unknown) => void, reject, timer, op })
    })
    // Not awaited: the answer's timer bounds the wait, also for a Redis that is away (the
    // command then waits in the client's queue, and fails with the connection if it closes).
    this.redis
      .xAdd(
        K.commands(unit),
        '*',
        { c: JSON.stringify(cmd) },
        {
          TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: STREAM_MAXLEN },
        },
      )
      .catch((err: unknown) => {
        const p = this.pending.get(cmd.id)
        if (!p) return
        clearTimeout(p.timer)
        this.pending.delete(cmd.id)
        p.reject(err instanceof Error ? err : new Error(String(err)))
      })
    return answer
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer)
      p.reject(new AppError('commandTimeout'))
    }
    this.pending.clear()
    await this.sub.quit().catch(() => undefined)
  }
}

export type Handler = (args: unknown[], unit: string) => Promise<unknown>

/**
 * The core's side: one blocking reader over the streams of the units it owns (consumer group
 * `cores`, this core as consumer). Each command is checked against its deadline, run, answered
 * on its gateway's reply channel and acknowledged. Commands of one unit start in stream order
 * (the engines queue them in call order; spot placements are group-committed as before).
 * A command handed to a core that died before acknowledging it is not replayed by the next
 * owner: its gateway answers commandTimeout, and a replay could execute an order twice.
 */
export class CommandServer {
  private running = false
  private loop: Promise<void> | null = null
  private inFlight = 0
  private readonly perUnit = new Map<string, number>()
  private readonly ready = new Set<string>()
  private readonly reader: Redis

  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
    private readonly units: () => string[],
    private readonly handlers: Record<string, Handler>,
    private readonly log?: { warn(o: unknown, m?: string): void },
    private readonly maxInFlight = 4096,
  ) {
    this.reader = redis.duplicate()
    this.reader.on('error', () => undefined)
  }

  /** Makes the unit's stream and group exist (from its start: older entries are expired anyway). */
  async prepare(unit: string): Promise<void> {
    try {
      await this.redis.xGroupCreate(K.commands(unit), K.group, '0', { MKSTREAM: true })
    } catch (err) {
      if (!String((err as Error).message).includes('BUSYGROUP')) throw err
    }
    this.ready.add(unit)
  }

  async start(): Promise<void> {
    await this.reader.connect()
    this.running = true
    this.loop = this.run()
  }

  private async run(): Promise<void> {
    while (this.running) {
      const units = this.units().filter((u) => this.ready.has(u))
      if (units.length === 0 || this.inFlight >= this.maxInFlight) {
        await new Promise((r) => setTimeout(r, units.length ? 5 : 200))
        continue
      }
      try {
        const res = (await this.reader.xReadGroup(
          K.group,
          this.nodeId,
          units.map((u) => ({ key: K.commands(u), id: '>' })),
          { COUNT: 512, BLOCK: 1000 },
        )) as { name: string; messages: { id: string; message: Record<string, string> }[] }[] | null
        for (const stream of res ?? [])
          for (const m of stream.messages) this.handle(stream.name, m.id, m.message.c ?? '')
      } catch (err) {
        if (!this.running) break
        this.log?.warn({ err }, 'command stream read failed')
        await new Promise((r) => setTimeout(r, 500))
      }
    }
  }

  private handle(stream: string, entryId: string, raw: string): void {
    const unit = stream.slice(K.commands('').length)
    let cmd: Command
    try {
      cmd = v.parse(commandSchema, JSON.parse(raw))
    } catch {
      void this.redis.xAck(stream, K.group, entryId)
      return
    }
    const answer = (r: Reply) =>
      Promise.all([
        this.redis.publish(cmd.replyTo, JSON.stringify(r)),
        this.redis.xAck(stream, K.group, entryId),
      ]).catch((err) => this.log?.warn({ err, op: cmd.op }, 'could not answer a command'))
    if (isExpired(cmd.deadline, Date.now())) {
      void answer({ id: cmd.id, ok: false, error: errorToWire(new AppError('commandTimeout')) })
      return
    }
    // Read just as the unit was handed to another core: refused, never run on a book not ours.
    if (!this.units().includes(unit)) {
      void answer({ id: cmd.id, ok: false, error: errorToWire(new AppError('marketUnavailable')) })
      return
    }
    const handler = this.handlers[cmd.op]
    if (!handler) {
      void answer({ id: cmd.id, ok: false, error: errorToWire(new AppError('badRequest')) })
      return
    }
    this.inFlight++
    this.perUnit.set(unit, (this.perUnit.get(unit) ?? 0) + 1)
    handler(cmd.args, unit)
      .then(
        (data) => answer({ id: cmd.id, ok: true, data: data ?? null }),
        (err) => {
          if (!(err instanceof AppError)) this.log?.warn({ err, op: cmd.op }, 'command failed')
          return answer({ id: cmd.id, ok: false, error: errorToWire(err) })
        },
      )
      .finally(() => {
        this.inFlight--
        this.perUnit.set(unit, (this.perUnit.get(unit) ?? 1) - 1)
      })
  }

  /** Resolves when no command of `unit` is running any more (the unit is no longer read). */
  async drained(unit: string): Promise<void> {
    while ((this.perUnit.get(unit) ?? 0) > 0) await new Promise((r) => setTimeout(r, 10))
  }

  async stop(): Promise<void> {
    this.running = false
    // A blocked read ends with the connection.
    await this.reader.disconnect().catch(() => undefined)
    await this.loop
  }
}
