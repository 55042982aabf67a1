import os from 'node:os'
import path from 'node:path'
import { type EvmChainConfig, loadChains } from './chain-config'
import { checkRoleNeeds, parseRole, type Role } from './cluster/role'

/** Server configuration, all from the environment (documented in docs/operations.md). */
export interface Config {
  /** ROLE: `all` (default, one process), `gateway` or `core` (server/cluster/role.ts). */
  role: Role
  /** Name of this process in a cluster (CLUSTER_NODE_ID; default role-host-pid), for logs and reply channels. */
  nodeId: string
  /** CLUSTER_NAME: prefix of this cluster's Redis keys and channels (default "ox"). */
  clusterName: string
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  redisUrl: string | null
  staticDir: string
  logLevel: string
  trustProxy: boolean
  rateLimitPerMinute: number
  isProduction: boolean
  /** Days of candle history generated on first start. */
  backfillDays: number
  /** Seed of the simulated index feed. */
  indexSeed: string
  /** Simulated index tick interval (ms). */
  indexTickMs: number
  /** MARKET_DATA: `demo` (default, the simulator; screens say "Demo prices") or `live` (checked in market/start.ts). */
  marketData: 'demo' | 'live'
  /** nodemailer transport URL (smtp://user:pass@host:587); unset = development outbox. */
  smtpUrl: string | null
  mailFrom: string
  /** HTTP endpoint that relays SMS (POST JSON {to, text}); unset = development outbox. */
  smsWebhookUrl: string | null
  /** Verification codes one phone or e-mail may receive per 24 hours. */
  codeDailyLimit: number
  /** Per client address per minute on login, slider and code endpoints. */
  authRateLimitPerMinute: number
  /** Name shown in e-mails and authenticator apps. */
  siteName: string
  /**
   * The site's public origins (PUBLIC_URL, comma-separated), e.g. ["https://ex.example"]. Wallet
   * login accepts only messages for one of these, never the request's Host header. Unset: the
   * listening address (http://localhost:PORT and http://127.0.0.1:PORT), for development.
   */
  publicOrigins: string[]
  /** True when PUBLIC_URL was set (production should set it). */
  publicUrlSet: boolean
  /** EVM chains watched for deposits and paid from a hot wallet (RPC_URL_<CHAIN>, CHAIN_<CHAIN>_*; server/chain-config.ts). */
  chains: EvmChainConfig[]
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number.parseInt(value, 10)
  if (!Number.isFinite(n) || String(n) !== value.trim())
    throw new Error(`${name} must be an integer, got "${value}"`)
  return n
}

/** PUBLIC_URL: one or more http(s) origins, comma-separated; any path is ignored. */
export function publicOrigins(value: string | undefined, port: number): string[] {
  if (!value?.trim()) return [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
  return value.split(',').map((raw) => {
    let url: URL
    try {
      url = new URL(raw.trim())
    } catch {
      throw new Error(`PUBLIC_URL must be an http(s) origin such as https://ex.example, got "${raw}"`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`PUBLIC_URL must be an http(s) origin such as https://ex.example, got "${raw}"`)
    return url.origin
  })
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd()
  const port = int(env.PORT, 8080, 'PORT')
  const role = parseRole(env.ROLE)
  checkRoleNeeds(role, env.DATABASE_URL || null, env.REDIS_URL || null)
  return {
    role,
    nodeId: env.CLUSTER_NODE_ID || `${role}-${os.hostname()}-${process.pid}`,
    clusterName: env.CLUSTER_NAME || 'ox',
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    staticDir: path.resolve(root, env.STATIC_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    isProduction: env.NODE_ENV === 'production',
    backfillDays: int(env.BACKFILL_DAYS, 90, 'BACKFILL_DAYS'),
    indexSeed: env.INDEX_SEED || 'open-exchange',
    indexTickMs: int(env.INDEX_TICK_MS, 1000, 'INDEX_TICK_MS'),
    marketData: env.MARKET_DATA?.trim() === 'live' ? 'live' : 'demo',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Open Exchange <no-reply@localhost>',
    smsWebhookUrl: env.SMS_WEBHOOK_URL || null,
    codeDailyLimit: int(env.CODE_DAILY_LIMIT, 20, 'CODE_DAILY_LIMIT'),
    authRateLimitPerMinute: int(env.AUTH_RATE_LIMIT_PER_MINUTE, 20, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    siteName: env.SITE_NAME || 'Open Exchange',
    publicOrigins: publicOrigins(env.PUBLIC_URL, port),
    publicUrlSet: Boolean(env.PUBLIC_URL?.trim()),
    chains: loadChains(env),
  }
}
