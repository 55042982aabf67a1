/**
 * Per-channel sequence check. After a snapshot with sequence n, the next message must carry
 * n + 1; anything older is a duplicate to drop, anything newer means messages were lost.
 */
export type SeqVerdict = 'ok' | 'stale' | 'gap'

export class SequenceTracker {
  private last: number | null = null

  /** A snapshot arrived carrying the channel's current sequence. */
  reset(seq: number): void {
    this.last = seq
  }

  /** Before the snapshot, messages cannot be placed: they are dropped (the snapshot covers them). */
  accept(seq: number): SeqVerdict {
    if (this.last === null || seq <= this.last) return 'stale'
    if (seq !== this.last + 1) return 'gap'
    this.last = seq
    return 'ok'
  }

  clear(): void {
    this.last = null
  }
}
