import type { ConversationView, ServiceEvent } from '@common/support/schema'
import { TYPING_SHOW_MS } from '@common/support/schema'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { subscribe } from '@/lib/socket/client'
import { serviceKeys } from './api'
import { applyEvent } from './merge-events'
import { visitorKey } from './visitor'

/**
 * The conversation kept live over the socket: `service` for a logged-in user, `service:<key>`
 * for a visitor. Events are written into the query cache; returns whether staff is typing.
 */
export function useLiveConversation(token: string): { staffTyping: boolean } {
  const qc = useQueryClient()
  const [staffTyping, setStaffTyping] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    const key = serviceKeys.conversation(token)
    const ch = token ? 'service' : `service:${visitorKey()}`
    const off = subscribe<ConversationView, ServiceEvent>(ch, {
      onSnapshot: (data) => qc.setQueryData(key, data),
      onMessage: (e) => {
        if ('typing' in e) {
          if (e.typing.from !== 'staff') return
          setStaffTyping(true)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setStaffTyping(false), TYPING_SHOW_MS)
          return
        }
        if ('message' in e && e.message.from === 'staff') {
          clearTimeout(timer.current)
          setStaffTyping(false)
        }
        const view = qc.getQueryData<ConversationView>(key)
        const next = applyEvent(view, e)
        if (next === view && ('message' in e || 'conversation' in e))
          void qc.invalidateQueries({ queryKey: key })
        else qc.setQueryData(key, next)
      },
    })
    return () => {
      off()
      clearTimeout(timer.current)
    }
  }, [qc, token])
  return { staffTyping }
}
