/**
 * Coin subscription project states (docs/spec.md section 3): preheat -> open -> closed -> announced,
 * moved by the scheduler when the stored times pass. A paused project does not move.
 */
export const PROJECT_STATES = ['preheat', 'open', 'closed', 'announced'] as const
export type ProjectState = (typeof PROJECT_STATES)[number]

export interface ProjectTimes {
  startAt: number
  closeAt: number
  announceAt: number
}

/** The state the times say a project should be in at `now` (before the result is delivered). */
export function dueState(t: ProjectTimes, now: number): ProjectState {
  if (now < t.startAt) return 'preheat'
  if (now < t.closeAt) return 'open'
  if (now < t.announceAt) return 'closed'
  return 'announced'
}

/** Times must come in order: start < close <= announce <= listing. */
export function timesInOrder(t: ProjectTimes & { listingAt: number }): boolean {
  return t.startAt < t.closeAt && t.closeAt <= t.announceAt && t.announceAt <= t.listingAt
}

/** The next time that changes the project's state, or null when it is final. */
export function nextChange(state: ProjectState, t: ProjectTimes): number | null {
  if (state === 'preheat') return t.startAt
  if (state === 'open') return t.closeAt
  if (state === 'closed') return t.announceAt
  return null
}
