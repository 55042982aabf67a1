import { TICKET_REOPEN_DAYS, type TicketStatus } from '@common/support/schema'

const DAY_MS = 24 * 60 * 60 * 1000

/** A closed ticket may be reopened by its owner for TICKET_REOPEN_DAYS after it was closed. */
export function canReopen(status: TicketStatus, closedAt: number | null, now: number): boolean {
  return status === 'closed' && closedAt !== null && now - closedAt < TICKET_REOPEN_DAYS * DAY_MS
}

export type TicketAction = 'userReply' | 'staffReply' | 'close' | 'reopen'

/**
 * The ticket state machine: open -> answered (staff reply) -> open (user reply) ... -> closed;
 * closed -> open only by reopening. Returns the next state or null when the action is refused.
 */
export function nextTicketStatus(
  status: TicketStatus,
  action: TicketAction,
  closedAt: number | null,
  now: number,
): TicketStatus | null {
  switch (action) {
    case 'userReply':
      return status === 'closed' ? null : 'open'
    case 'staffReply':
      return status === 'closed' ? null : 'answered'
    case 'close':
      return status === 'closed' ? null : 'closed'
    case 'reopen':
      return canReopen(status, closedAt, now) ? 'open' : null
  }
}

/** Ticket number: W + the UTC date + the row id, zero padded (W20261123000042). */
export function ticketNumber(id: string | number, at: Date): string {
  const d = at.toISOString().slice(0, 10).replace(/-/g, '')
  return `W${d}${String(id).padStart(6, '0')}`
}

const STOP = new Set([
  'the',
  'and',
  'for',
  'how',
  'can',
  'what',
  'why',
  'when',
  'where',
  'with',
  'my',
  'your',
  'you',
  'does',
  'did',
  'not',
  'are',
  'was',
  'have',
  'has',
  'from',
  'this',
  'that',
  'there',
  'please',
  'help',
  'long',
  'take',
  'takes',
  'much',
  'many',
  'need',
  'get',
  'use',
  'want',
  'will',
  'would',
  'could',
  'should',
])

/**
 * The search words of a typed question: words of 3+ letters (any script), lowercased, without
 * common English filler, at most 6. CJK text has no spaces: a run of such characters is cut into
 * overlapping pairs so "提現多久" finds an article that says "提現".
 */
export function searchTerms(q: string): string[] {
  const out: string[] = []
  const add = (w: string) => {
    if (!out.includes(w)) out.push(w)
  }
  for (const raw of q.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue
    if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u.test(raw)) {
      const chars = [...raw]
      if (chars.length <= 2) add(raw)
      else for (let i = 0; i + 1 < chars.length; i++) add(chars[i] + (chars[i + 1] as string))
    } else if ([...raw].length >= 3 && !STOP.has(raw)) add(raw)
  }
  return out.slice(0, 6)
}

/** How well a text matches: the number of distinct terms it contains (a title hit counts three). */
export function matchScore(terms: string[], title: string, body: string): number {
  const t = title.toLowerCase()
  const b = body.toLowerCase()
  let score = 0
  for (const w of terms) {
    if (t.includes(w)) score += 3
    else if (b.includes(w)) score += 1
  }
  return score
}

/** Tickets per page of the work-order lists (the user's and the console's). */
export const TICKET_PAGE_SIZE = 20
