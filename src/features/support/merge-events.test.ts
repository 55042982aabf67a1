import type { ConversationView, ServiceMessage } from '@common/support/schema'
import { describe, expect, it } from 'vitest'
import { addMessage, applyEvent, isReadBy } from './merge-events'

const msg = (id: string, conversationId = '1'): ServiceMessage => ({
  id,
  conversationId,
  from: 'user',
  staffName: null,
  body: `m${id}`,
  image: null,
  createdAt: 0,
})
const view = (): ConversationView => ({
  conversation: {
    id: '1',
    status: 'active',
    operatorName: 'Ann',
    category: null,
    createdAt: 0,
    closedAt: null,
    userReadUpTo: '0',
    staffReadUpTo: '0',
  },
  messages: [msg('2')],
  operatorsOnline: 1,
})

describe('service events', () => {
  it('adds messages once and in order', () => {
    const list = addMessage(addMessage([msg('10')], msg('9')), msg('10'))
    expect(list.map((m) => m.id)).toEqual(['9', '10'])
  })

  it('applies messages, read marks and status to the current conversation only', () => {
    const v = view()
    expect(applyEvent(v, { message: msg('3') })?.messages.map((m) => m.id)).toEqual(['2', '3'])
    expect(applyEvent(v, { message: msg('4', '99') })).toBe(v)
    const read = applyEvent(v, { read: { conversationId: '1', by: 'staff', upTo: '2' } })
    expect(read?.conversation?.staffReadUpTo).toBe('2')
    expect(isReadBy('2', read?.conversation?.staffReadUpTo)).toBe(true)
    expect(isReadBy('3', read?.conversation?.staffReadUpTo)).toBe(false)
    const closed = applyEvent(v, {
      conversation: {
        ...(v.conversation as NonNullable<ConversationView['conversation']>),
        status: 'closed',
      },
    })
    expect(closed?.conversation?.status).toBe('closed')
    expect(applyEvent(undefined, { message: msg('5') })).toBeUndefined()
  })
})
