import path from 'node:path'

/** Server configuration, all from the environment (documented in README.md). */
export interface Config {
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
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number.parseInt(value, 10)
  if (!Number.isFinite(n) || String(n) !== value.trim())
    throw new Error(`${name} must be an integer, got "${value}"`)
  return n
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd()
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    staticDir: path.resolve(root, env.STATIC_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    isProduction: env.NODE_ENV === 'production',
  }
}
