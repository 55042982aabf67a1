import { afterEach, describe, expect, it, vi } from 'vitest'
// The store reads localStorage on import: the in-memory one first.
import '@/lib/testing/memory-storage'

import { renderToStaticMarkup } from 'react-dom/server'
import { FeedbackLayer } from './FeedbackLayer'
import { alert, beginLoading, resetFeedback, showToast } from './feedback'

const render = () => renderToStaticMarkup(<FeedbackLayer loadingLabel="Loading…" okLabel="Got it" />)

afterEach(() => {
  resetFeedback()
  vi.useRealTimers()
})

describe('<FeedbackLayer/>', () => {
  it('always renders an empty polite status region, and nothing else when idle', () => {
    const html = render()
    expect(html).toMatch(/role="status"/)
    expect(html).toMatch(/aria-live="polite"/)
    expect(html).not.toMatch(/progressbar|alertdialog/)
  })

  it('renders the toast inside the status region', () => {
    showToast('Saved')
    expect(render()).toMatch(/role="status"[^>]*>.*Saved.*<\/div>/)
  })

  it('renders the spinner with the given label only once it is visible', () => {
    vi.useFakeTimers()
    const end = beginLoading()
    expect(render()).not.toMatch(/progressbar/)
    vi.advanceTimersByTime(800)
    expect(render()).toMatch(/role="progressbar" aria-label="Loading…"/)
    end()
    expect(render()).not.toMatch(/progressbar/)
  })

  it('renders the alert as a modal alertdialog with the given OK label', () => {
    void alert('Please confirm in your wallet')
    const html = render()
    expect(html).toMatch(/role="alertdialog" aria-modal="true"/)
    expect(html).toContain('Please confirm in your wallet')
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Got it<\/button>/)
  })
})
