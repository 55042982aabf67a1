import type { LangCode } from '@common/i18n/languages'
import type { Db } from '../../db/db'
import { readSetting } from '../../db/setting'
import { publishedClause } from './published-clause'

/** Terms shown at registration (GET /login/clause); an operator may replace them (setting 'login.clause'). */
export const DEFAULT_CLAUSE = {
  title: 'User agreement',
  content: [
    'By registering you agree to these terms.',
    '1. You are of legal age where you live and trading digital assets is lawful for you there.',
    '2. You keep your password, trade password and second-factor devices secret. Actions taken with them are treated as yours.',
    '3. Digital assets are volatile. Leveraged contracts and options can lose the whole amount committed. Trade only what you can afford to lose.',
    '4. We may ask for identity verification before withdrawals or higher limits, and may refuse service where the law requires it.',
    '5. Fees, limits and listed markets are published in the app and may change with notice.',
    '6. We process your personal data to run your account, to keep it secure and to meet legal duties, and do not sell it.',
    '7. You may close your account at any time after settling open positions, loans and orders.',
  ].join('\n\n'),
}

/**
 * The published terms (or privacy) article in the reader's language (then en, then tw); the built-in
 * text (or the operator's 'login.clause' setting) only when none is published.
 */
export async function loadClause(
  db: Db,
  lang: LangCode = 'en',
  type: 'terms' | 'privacy' = 'terms',
): Promise<{ title: string; content: string; html?: string }> {
  const published = await publishedClause(db, lang, type)
  if (published) return published
  const v = (await readSetting(db, 'login.clause')) as { title?: unknown; content?: unknown } | undefined
  if (v && typeof v.title === 'string' && typeof v.content === 'string')
    return { title: v.title, content: v.content }
  return DEFAULT_CLAUSE
}
