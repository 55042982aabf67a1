import type { KeyboardEvent } from 'react'

/** A message box's keys: Enter sends, Shift+Enter starts a new line. */
export const enterSends =
  (send: () => void) =>
  (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      send()
    }
  }
