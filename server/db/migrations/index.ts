import type { Migration } from 'kysely'
import * as m001 from './001-foundation'

/** Every migration, in order. Imported statically so the bundle-free tsx runtime and tests see the same set. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
}
