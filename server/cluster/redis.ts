import { createClient } from 'redis'

/**
 * The broker is Redis: the socket.io adapter already needs it, and streams (commands, consumer
 * groups, one reader per market) plus pub/sub (replies, events, index ticks) cover the rest, so
 * a cluster runs on PostgreSQL and one Redis with nothing else to operate.
 */
/*
 * node-redis 6 gives every command a 5 s timeout of its own: an AbortSignal.timeout per command,
 * about 7 % of a core's CPU in bench:cluster (a few commands per order: the reply, its ack, the
 * events). Commands here carry none (a timeout of 0 is none; duplicates inherit it): a gateway's
 * command is bounded by its own deadline and grace (bus.ts).
 */
const newClient = (url: string, name: string) => createClient({ url, name, commandOptions: { timeout: 0 } })
export type Redis = ReturnType<typeof newClient>

export async function connectRedis(url: string, name: string): Promise<Redis> {
  const client = newClient(url, name)
  // Reconnects are the client's job; an error between them is logged by the owner if it cares.
  client.on('error', () => undefined)
  await client.connect()
  return client
}

/**
 * Keys and channels, in one place so gateways and cores agree. Every name starts with the
 * cluster's name (CLUSTER_NAME, default "ox"): Redis pub/sub channels are shared by every
 * database index of a server, so two clusters on one Redis (tests next to a demo) need it.
 */
let ns = 'ox'

export function setClusterName(name: string): void {
  if (!/^[a-z0-9_-]{1,32}$/i.test(name))
    throw new Error(`CLUSTER_NAME must be 1-32 letters, digits, - or _, got "${name}"`)
  ns = name
}

export const K = {
  commands: (unit: string) => `${ns}:cmd:${unit}`,
  owner: (unit: string) => `${ns}:owner:${unit}`,
  replies: (nodeId: string) => `${ns}:reply:${nodeId}`,
  get events() {
    return `${ns}:events`
  },
  get index() {
    return `${ns}:index`
  },
  get control() {
    return `${ns}:control`
  },
  group: 'cores',
}
