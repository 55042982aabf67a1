import { vi } from 'vitest'

// For unit tests in node, which has no localStorage (the store reads it on import): an in-memory
// one. A test imports this module before any module that reaches the store.
const data = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (k: string) => data.get(k) ?? null,
  setItem: (k: string, v: string) => void data.set(k, v),
  removeItem: (k: string) => void data.delete(k),
})
