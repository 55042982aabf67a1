import { createClient } from 'redis'

/**
 * The broker is Redis: the socket.io adapter already needs it, and streams (commands, consumer
 * groups, one reader per market) plus pub/sub (replies, events, index ticks) cover the rest, so
 * a cluster runs on PostgreSQL and one Redis with nothing else to operate.
 */
const newClient = (url: string, name: string) => createClient({ url, name })
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
