import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// The store reads localStorage on import: the in-memory one first.
import '@/lib/testing/memory-storage'

import { SPINNER_DELAY_MS, TOAST_ERROR_MS, TOAST_MS } from '@common/constants'
import { store } from '@/lib/store'
import {
  alert,
  beginLoading,
  closeAlert,
  currentAlertAtom,
  currentToastAtom,
  dismissToast,
  leaveScreenToasts,
  loadingCountAtom,
  resetFeedback,
  showToast,
  spinnerVisibleAtom,
  TOAST_CARRY_MS,
  toastQueueAtom,
} from './feedback'

const toastText = () => store.get(currentToastAtom)?.text ?? null
const spinner = () => store.get(spinnerVisibleAtom)

beforeEach(() => {
  vi.useFakeTimers()
  resetFeedback()
})
afterEach(() => {
  resetFeedback()
  vi.useRealTimers()
})

describe('constants', () => {
  it('match SPEC.md section 9', () => {
    expect(SPINNER_DELAY_MS).toBe(800)
    expect(TOAST_MS).toBe(1500)
    expect(TOAST_ERROR_MS).toBe(2000)
  })
})

describe('spinner', () => {
  it('is not visible before 800 ms, visible after, hidden at the end', () => {
    const end = beginLoading()
    expect(store.get(loadingCountAtom)).toBe(1)
    vi.advanceTimersByTime(799)
    expect(spinner()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(spinner()).toBe(true)
    end()
    expect(spinner()).toBe(false)
    expect(store.get(loadingCountAtom)).toBe(0)
  })

  it('never shows for a task that ends before the delay', () => {
    const end = beginLoading()
    vi.advanceTimersByTime(500)
    end()
    vi.advanceTimersByTime(5000)
    expect(spinner()).toBe(false)
  })

  it('counts the delay per task, not from the first task', () => {
    const endA = beginLoading()
    vi.advanceTimersByTime(500)
    const endB = beginLoading()
    vi.advanceTimersByTime(200)
    endA()
    vi.advanceTimersByTime(100) // B pending 300 ms only
    expect(spinner()).toBe(false)
    vi.advanceTimersByTime(500) // B pending 800 ms
    expect(spinner()).toBe(true)
    endB()
    expect(spinner()).toBe(false)
  })

  it('stays visible while any overdue task is pending; disposer is idempotent', () => {
    const endA = beginLoading()
    const endB = beginLoading()
    vi.advanceTimersByTime(800)
    endA()
    endA()
    expect(spinner()).toBe(true)
    expect(store.get(loadingCountAtom)).toBe(1)
    endB()
    expect(spinner()).toBe(false)
    expect(store.get(loadingCountAtom)).toBe(0)
  })
})

describe('toast', () => {
  it('lasts 1500 ms by default', () => {
    showToast('saved')
    expect(toastText()).toBe('saved')
    vi.advanceTimersByTime(TOAST_MS - 1)
    expect(toastText()).toBe('saved')
    vi.advanceTimersByTime(1)
    expect(toastText()).toBeNull()
  })

  it('lasts 2000 ms for errors', () => {
    showToast('failed', { error: true })
    expect(store.get(currentToastAtom)?.error).toBe(true)
    vi.advanceTimersByTime(1999)
    expect(toastText()).toBe('failed')
    vi.advanceTimersByTime(1)
    expect(toastText()).toBeNull()
  })

  it('takes an explicit duration', () => {
    showToast('custom', { durationMs: 300 })
    vi.advanceTimersByTime(299)
    expect(toastText()).toBe('custom')
    vi.advanceTimersByTime(1)
    expect(toastText()).toBeNull()
  })

  it('shows one at a time, each for its own duration', () => {
    showToast('first')
    showToast('second', { error: true })
    expect(toastText()).toBe('first')
    vi.advanceTimersByTime(1500)
    expect(toastText()).toBe('second')
    vi.advanceTimersByTime(1999)
    expect(toastText()).toBe('second')
    vi.advanceTimersByTime(1)
    expect(toastText()).toBeNull()
  })

  it('does not queue a text that is already queued, nor empty text', () => {
    showToast('offline')
    showToast('offline')
    showToast('')
    expect(store.get(toastQueueAtom)).toHaveLength(1)
  })

  it('a new screen drops the last screen’s toasts, visible or waiting, and keeps those of the action that led there', () => {
    showToast('old error', { error: true })
    showToast('another')
    vi.advanceTimersByTime(TOAST_CARRY_MS + 1)
    expect(toastText()).toBe('old error')
    showToast('saved')
    leaveScreenToasts()
    expect(toastText()).toBe('saved')
    expect(store.get(toastQueueAtom)).toHaveLength(1)
    vi.advanceTimersByTime(TOAST_MS)
    expect(toastText()).toBeNull()
    // Nothing recent: the screen opens without a toast.
    showToast('stale')
    vi.advanceTimersByTime(TOAST_CARRY_MS + 1)
    leaveScreenToasts()
    expect(toastText()).toBeNull()
  })

  it('can be dismissed early; the next one then gets its full duration', () => {
    showToast('a')
    showToast('b')
    vi.advanceTimersByTime(1000)
    dismissToast()
    expect(toastText()).toBe('b')
    vi.advanceTimersByTime(1499)
    expect(toastText()).toBe('b')
    vi.advanceTimersByTime(1)
    expect(toastText()).toBeNull()
  })
})

describe('alert', () => {
  it('shows until acknowledged, one at a time, and resolves on OK', async () => {
    const first = alert('one')
    const second = alert('two')
    let firstDone = false
    void first.then(() => {
      firstDone = true
    })
    expect(store.get(currentAlertAtom)?.text).toBe('one')
    vi.advanceTimersByTime(60_000)
    expect(store.get(currentAlertAtom)?.text).toBe('one')
    closeAlert()
    await first
    expect(firstDone).toBe(true)
    expect(store.get(currentAlertAtom)?.text).toBe('two')
    closeAlert()
    await second
    expect(store.get(currentAlertAtom)).toBeNull()
    closeAlert() // nothing open: no-op
  })
})
