import type { ColumnType, Generated } from 'kysely'

/** Table types for Kysely. Money columns are `numeric` and travel as decimal strings. */
export interface AppReleaseTable {
  id: Generated<number>
  version: string
  notes: string
  download_url: string | null
  force_update: Generated<boolean>
  published_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface AssetTable {
  code: string
  name: string
  precision: number
  color: string
  sort: number
  enabled: Generated<boolean>
}

export interface SettingTable {
  key: string
  value: unknown
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface Database {
  app_release: AppReleaseTable
  asset: AssetTable
  setting: SettingTable
}
