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

/** Keys and channels, in one place so gateways and cores agree. */
export const K = {
  commands: (unit: string) => `ox:cmd:${unit}`,
  owner: (unit: string) => `ox:owner:${unit}`,
  replies: (nodeId: string) => `ox:reply:${nodeId}`,
  events: 'ox:events',
  index: 'ox:index',
  control: 'ox:control',
  group: 'cores',
} as const
