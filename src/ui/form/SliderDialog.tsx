import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type SliderChallenge, sliderApi } from '@/lib/form/slider'
import form from './Form.module.css'
import styles from './Slider.module.css'

interface Pending {
  resolve: (ticket: string) => void
  reject: (err: Error) => void
}

/**
 * The server's slider check. `request()` opens the dialog and resolves with a single-use
 * ticket once the piece is slid into the gap; closing rejects.
 */
export function useSliderTicket() {
  const [pending, setPending] = useState<Pending | null>(null)
  const request = useCallback(
    () => new Promise<string>((resolve, reject) => setPending({ resolve, reject })),
    [],
  )
  const element = pending ? (
    <SliderDialog
      onDone={(ticket) => {
        pending.resolve(ticket)
        setPending(null)
      }}
      onCancel={() => {
        pending.reject(new Error('cancelled'))
        setPending(null)
      }}
    />
  ) : null
  return { request, element }
}

function SliderDialog({ onDone, onCancel }: { onDone: (t: string) => void; onCancel: () => void }) {
  const { t } = useLingui()
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null)
  const [x, setX] = useState(0)
  const [busy, setBusy] = useState(false)
  const rangeRef = useRef<HTMLInputElement>(null)

  const load = useCallback(async () => {
    setX(0)
    try {
      setChallenge(await sliderApi.newChallenge())
    } catch {
      onCancel()
    }
  }, [onCancel])

  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (challenge) rangeRef.current?.focus()
  }, [challenge])

  const submit = async () => {
    if (!challenge || busy) return
    setBusy(true)
    try {
      const { ticket } = await sliderApi.answerChallenge(challenge.challengeId, x)
      onDone(ticket)
    } catch {
      await load()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="slider-title">
        <h2 id="slider-title" className={styles.heading}>
          <Trans>Slide the piece into the gap</Trans>
        </h2>
        {challenge ? (
          <>
            <div className={styles.stage} style={{ width: challenge.width, height: challenge.height }}>
              <img src={challenge.background} width={challenge.width} height={challenge.height} alt="" />
              <img
                className={styles.piece}
                src={challenge.piece}
                width={challenge.pieceSize}
                height={challenge.pieceSize}
                style={{ top: challenge.pieceY, transform: `translateX(${x}px)` }}
                alt=""
              />
            </div>
            <input
              ref={rangeRef}
              className={styles.range}
              type="range"
              min={0}
              max={challenge.width - challenge.pieceSize}
              value={x}
              aria-label={t`Piece position`}
              data-challenge={challenge.challengeId}
              onChange={(e) => setX(Number(e.target.value))}
              onPointerUp={() => void submit()}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void submit()
              }}
            />
          </>
        ) : (
          <p className={form.hint}>
            <Trans>Loading…</Trans>
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={form.secondary} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className={form.primary}
            disabled={!challenge || busy}
            onClick={() => void submit()}
          >
            <Trans>Verify</Trans>
          </button>
        </div>
      </div>
    </div>
  )
}
