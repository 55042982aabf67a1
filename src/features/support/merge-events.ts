import type { ConversationView, ServiceEvent, ServiceMessage } from '@common/support/schema'

/** Adds a message once, in id order (a socket echo of a message already added is ignored). */
export function addMessage(list: ServiceMessage[], m: ServiceMessage): ServiceMessage[] {
  if (list.some((x) => x.id === m.id)) return list
  const next = [...list, m]
  next.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))
  return next
}

/** Applies one `service` channel event to the cached conversation view. */
export function applyEvent(
  view: ConversationView | undefined,
  e: ServiceEvent,
): ConversationView | undefined {
  if (!view) return view
  if ('message' in e) {
    const conv = view.conversation
    // A message of another (newer) conversation: the view is refetched instead.
    if (conv && conv.id !== e.message.conversationId) return view
    return { ...view, messages: addMessage(view.messages, e.message) }
  }
  if ('conversation' in e) {
    if (view.conversation && view.conversation.id !== e.conversation.id) return view
    return { ...view, conversation: e.conversation }
  }
  if ('read' in e && view.conversation?.id === e.read.conversationId) {
    const key = e.read.by === 'staff' ? 'staffReadUpTo' : 'userReadUpTo'
    return { ...view, conversation: { ...view.conversation, [key]: e.read.upTo } }
  }
  return view
}

/** Whether a message of ours has been read by the other side. */
export const isReadBy = (messageId: string, upTo: string | undefined) =>
  upTo !== undefined && BigInt(messageId) <= BigInt(upTo)
