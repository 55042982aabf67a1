import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { CODE_MAX_TRIES, CODE_TTL_MS, canSend, DAY_MS, judgeAttempt, newCode } from './code-rules'

/** What a code is for; a code only works for the purpose and target it was sent for. */
export type CodePurpose = 'register' | 'login' | 'forget' | 'bind' | 'unbind' | 'security'

function codeHash(purpose: CodePurpose, target: string, code: string): string {
  return createHash('sha256').update(`${purpose}\n${target}\n${code}`).digest('hex')
}

/**
 * Issues a new code for (purpose, target) after the send limits; earlier unused codes for the
 * same pair stop working. Returns the code for the caller to deliver.
 */
export async function issueCode(
  db: Db,
  purpose: CodePurpose,
  target: string,
  dailyLimit: number,
): Promise<string> {
  const now = Date.now()
  return db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('verification_code')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .where('target', '=', target)
      .where('created_at', '>', new Date(now - DAY_MS))
      .executeTakeFirstOrThrow()
    const last = recent.last ? new Date(recent.last as Date | string) : null
    const verdict = canSend(last, Number(recent.n), now, dailyLimit)
    if (verdict === 'too_frequent') throw new AppError('codeTooFrequent')
    if (verdict === 'daily_limit') throw new AppError('codeDailyLimit')
    await trx
      .updateTable('verification_code')
      .set({ used_at: new Date(now) })
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .execute()
    const code = newCode(randomInt)
    await trx
      .insertInto('verification_code')
      .values({
        purpose,
        target,
        code_hash: codeHash(purpose, target, code),
        expires_at: new Date(now + CODE_TTL_MS),
      })
      .execute()
    return code
  })
}

/**
 * Uses the current code of (purpose, target), or throws 1300. A wrong try is counted; the fifth
 * burns the code. Runs in its own transaction so a wrong try is recorded even when the caller fails.
 */
export async function consumeCode(db: Db, purpose: CodePurpose, target: string, code: string): Promise<void> {
  const verdict = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('verification_code')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst()
    const expected = row ? Buffer.from(row.code_hash) : null
    const given = Buffer.from(codeHash(purpose, target, code))
    const matches = expected !== null && expected.length === given.length && timingSafeEqual(expected, given)
    const v = judgeAttempt(
      row
        ? {
            codeHash: row.code_hash,
            attempts: row.attempts,
            expiresAt: new Date(row.expires_at),
            usedAt: row.used_at ? new Date(row.used_at) : null,
          }
        : null,
      matches,
      Date.now(),
    )
    if (!row) return v
    if (v === 'ok')
      await trx
        .updateTable('verification_code')
        .set({ used_at: new Date() })
        .where('id', '=', row.id)
        .execute()
    else if (v === 'wrong' || v === 'burned')
      await trx
        .updateTable('verification_code')
        .set({ attempts: Math.min(row.attempts + 1, CODE_MAX_TRIES) })
        .where('id', '=', row.id)
        .execute()
    return v
  })
  if (verdict !== 'ok') throw new AppError('codeInvalid')
}
