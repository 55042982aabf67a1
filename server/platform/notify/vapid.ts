import webpush from 'web-push'
import type { Db } from '../../db/db'
import { readSetting } from '../../db/setting'

export interface Vapid {
  publicKey: string
  privateKey: string
  subject: string
}

const SETTING_KEY = 'push.vapid'
const DEFAULT_SUBJECT = 'mailto:operator@localhost'

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (and VAPID_SUBJECT) from the
 * environment, else the pair kept in the `setting` table, generated on first use. Two instances
 * starting together agree: the first insert wins and both read it back.
 */
export async function loadVapid(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Vapid> {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  const read = async () => {
    const v = (await readSetting(db, SETTING_KEY)) as { publicKey?: string; privateKey?: string } | undefined
    return v?.publicKey && v.privateKey ? { publicKey: v.publicKey, privateKey: v.privateKey, subject } : null
  }
  const found = await read()
  if (found) return found
  const keys = webpush.generateVAPIDKeys()
  await db
    .insertInto('setting')
    .values({ key: SETTING_KEY, value: JSON.stringify(keys) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const stored = await read()
  if (!stored) throw new Error('VAPID keys could not be stored')
  return stored
}
