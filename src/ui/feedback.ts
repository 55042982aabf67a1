import { SPINNER_DELAY_MS, TOAST_ERROR_MS, TOAST_MS } from '@common/constants'
import { atom } from 'jotai'
import { store } from '@/lib/store'

/**
 * App-wide feedback (toast, delayed spinner, alert) as atoms on the shared store, so plain
 * modules such as the HTTP client can drive what <FeedbackLayer/> shows.
 */

export interface Toast {
  id: number
  text: string
  durationMs: number
  error: boolean
  /** When it was shown (Date.now()): a new screen keeps only the toasts of the action that led there. */
  at: number
}

export interface AlertState {
  id: number
  text: string
}

let nextId = 1
// Bumped by resetFeedback so timers and disposers from before a reset do nothing.
let generation = 0

// ---- toast: a queue, the head is visible --------------------------------------------------

export const toastQueueAtom = atom<readonly Toast[]>([])
export const currentToastAtom = atom((get) => get(toastQueueAtom)[0] ?? null)

let toastTimer: ReturnType<typeof setTimeout> | undefined

function scheduleHead(): void {
  clearTimeout(toastTimer)
  toastTimer = undefined
  const head = store.get(toastQueueAtom)[0]
  if (head) toastTimer = setTimeout(dismissToast, head.durationMs)
}

/**
 * Queue a toast; one is visible at a time. A text already queued is not repeated, so several
 * calls failing together (e.g. offline) show one toast.
 */
export function showToast(text: string, opts: { durationMs?: number; error?: boolean } = {}): void {
  if (!text) return
  const queue = store.get(toastQueueAtom)
  if (queue.some((t) => t.text === text)) return
  const error = opts.error ?? false
  const durationMs = opts.durationMs ?? (error ? TOAST_ERROR_MS : TOAST_MS)
  store.set(toastQueueAtom, [...queue, { id: nextId++, text, durationMs, error, at: Date.now() }])
  if (queue.length === 0) scheduleHead()
}

/** Hide the visible toast now; the next queued one (if any) takes its place. */
export function dismissToast(): void {
  store.set(toastQueueAtom, (q) => q.slice(1))
  scheduleHead()
}

/**
 * A toast shown this long before a screen change belongs to the screen being left.
 * An action that toasts and then navigates ("Staked", then the order's page) does both in one go.
 */
export const TOAST_CARRY_MS = 1000

/**
 * A new screen: the toasts of the last screen go, the visible one too (an error of the screen left
 * behind would read as if about the new one). A toast shown just before the change (the action
 * that led here) stays.
 */
export function leaveScreenToasts(): void {
  const since = Date.now() - TOAST_CARRY_MS
  const queue = store.get(toastQueueAtom)
  const kept = queue.filter((t) => t.at >= since)
  if (kept.length === queue.length) return
  const headKept = kept[0] === queue[0]
  store.set(toastQueueAtom, kept)
  // The visible toast keeps its timer; a new head gets its full duration.
  if (!headKept) scheduleHead()
}

// ---- loading: each pending task becomes "overdue" after SPINNER_DELAY_MS ------------------

/** Tasks in progress. */
export const loadingCountAtom = atom(0)
/** Tasks pending for longer than the spinner delay; the spinner shows while any exist. */
const overdueCountAtom = atom(0)
export const spinnerVisibleAtom = atom((get) => get(overdueCountAtom) > 0)

/** Start a global loading task; call the returned disposer (once is enough) when it ends. */
export function beginLoading(): () => void {
  store.set(loadingCountAtom, (n) => n + 1)
  const gen = generation
  let overdue = false
  let done = false
  const timer = setTimeout(() => {
    if (gen !== generation) return
    overdue = true
    store.set(overdueCountAtom, (n) => n + 1)
  }, SPINNER_DELAY_MS)
  return () => {
    if (done || gen !== generation) return
    done = true
    clearTimeout(timer)
    if (overdue) store.set(overdueCountAtom, (n) => n - 1)
    store.set(loadingCountAtom, (n) => n - 1)
  }
}

// ---- alert: a modal that needs acknowledging; queued, head is shown ----------------------

const alertQueueAtom = atom<readonly (AlertState & { resolve: () => void })[]>([])
export const currentAlertAtom = atom<AlertState | null>((get) => {
  const head = get(alertQueueAtom)[0]
  return head ? { id: head.id, text: head.text } : null
})

/** Show a modal message; resolves when the user presses OK. */
export function alert(text: string): Promise<void> {
  return new Promise((resolve) => {
    store.set(alertQueueAtom, (q) => [...q, { id: nextId++, text, resolve }])
  })
}

/** Acknowledge the visible alert. */
export function closeAlert(): void {
  const head = store.get(alertQueueAtom)[0]
  if (!head) return
  store.set(alertQueueAtom, (q) => q.slice(1))
  head.resolve()
}

/** Clear everything (tests, logout of the whole app shell). */
export function resetFeedback(): void {
  generation++
  clearTimeout(toastTimer)
  toastTimer = undefined
  store.set(toastQueueAtom, [])
  store.set(loadingCountAtom, 0)
  store.set(overdueCountAtom, 0)
  for (const a of store.get(alertQueueAtom)) a.resolve()
  store.set(alertQueueAtom, [])
}
