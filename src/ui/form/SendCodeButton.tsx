import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import form from './Form.module.css'
import { useSliderTicket } from './SliderDialog'

const RESEND_SECONDS = 60

interface Props {
  /** Sends the code with a slider ticket. */
  send: (ticket: string) => Promise<unknown>
  /** Checked first; return false to stop (e.g. the address is not valid yet). */
  canSend?: () => boolean
  label?: string
}

/** "Send code": slider check, then the send, then a 60 s countdown (the server's resend limit). */
export function SendCodeButton({ send, canSend, label }: Props) {
  const { t } = useLingui()
  const slider = useSliderTicket()
  const [left, setLeft] = useState(0)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (left <= 0) return
    const id = setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => clearTimeout(id)
  }, [left])

  const click = async () => {
    if (canSend && !canSend()) return
    setBusy(true)
    try {
      const ticket = await slider.request()
      await send(ticket)
      setLeft(RESEND_SECONDS)
    } catch {
      // Cancelled, or the error was already shown.
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className={form.codeButton}
        disabled={busy || left > 0}
        onClick={() => void click()}
      >
        {left > 0 ? t`Resend in ${left}s` : (label ?? t`Send code`)}
      </button>
      {slider.element}
    </>
  )
}
