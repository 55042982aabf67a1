import { type ContractSettingsInput, contractSettingsSchema, type MarginTier } from '@common/contract/schema'
import * as v from 'valibot'

export type SettingsProblem = 'leverage' | 'fee' | 'lot' | 'tiers'

/**
 * The console form of one perpetual, checked with the server's own schema before it is sent;
 * the first problem names the field to fix.
 */
export function checkSettings(x: {
  symbol: string
  maxLeverage: string
  makerFee: string
  takerFee: string
  lotSize: string
  trading: boolean
  tiers: MarginTier[]
}): ContractSettingsInput | SettingsProblem {
  const lev = /^\d{1,3}$/.test(x.maxLeverage) ? Number(x.maxLeverage) : 0
  const parsed = v.safeParse(contractSettingsSchema, { ...x, maxLeverage: lev })
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  const field = issue.path?.[0]?.key
  if (field === 'maxLeverage') return 'leverage'
  if (field === 'makerFee' || field === 'takerFee') return 'fee'
  if (field === 'lotSize') return 'lot'
  return 'tiers'
}
