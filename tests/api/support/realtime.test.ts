import type { ConversationView, ServiceEvent, ServiceMessage } from '@common/support/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail } from '../accounts/helpers'
import { readyStaff } from '../admin/helpers'
import { backends } from '../harness'
import { type Msg, nextMsg, type RealtimeHarness, startRealtime, sub } from '../socket-helpers'
import { visitorKey } from './helpers'

describe.each(backends)('service channels on %s', (backend) => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtime(backend)
  })
  afterAll(async () => {
    await h.close()
  })

  it('delivers messages, typing and read marks between a visitor and an operator', async () => {
    const call = api(h.app)
    const op = await readyStaff(h.app, h.db, 'operator')
    const v = visitorKey()
    const visitor = h.open()
    const desk = h.open({ token: op.token })
    const ch = `service:${v}`
    const vAck = await sub(visitor, ch)
    expect(vAck.ok).toBe(true)
    expect((vAck.data as ConversationView).conversation).toBeNull()
    const dAck = await sub(desk, 'servicedesk')
    expect(dAck).toMatchObject({ ok: true, data: { operators: 1 } })
    // With the operator watching the desk, the visitor is told someone is online.
    const online = await call.get<ConversationView>('service/conversation', { visitor: v })
    expect(online.data.operatorsOnline).toBe(1)

    // Visitor -> desk.
    const deskGot = nextMsg(desk, 'servicedesk', (m) => 'message' in (m.data as object))
    const echo = nextMsg(visitor, ch, (m) => 'message' in (m.data as object))
    const sent = await call.call<ServiceMessage>('POST', `service/message?visitor=${v}`, {
      body: 'hello desk',
    })
    const got = (await deskGot) as Msg<{ message: ServiceMessage }>
    expect(got.data.message).toMatchObject({ body: 'hello desk', from: 'user' })
    expect(((await echo) as Msg<{ message: ServiceMessage }>).data.message.id).toBe(sent.data.id)
    const id = sent.data.conversationId

    // The operator takes it: the visitor sees the conversation become active.
    const taken = nextMsg(visitor, ch, (m) => 'conversation' in (m.data as object))
    expect((await call.post('admin/service/take', { id }, op.token)).code).toBe(200)
    expect(((await taken).data as { conversation: { status: string } }).conversation.status).toBe('active')

    // Typing both ways.
    const staffTyping = nextMsg(visitor, ch, (m) => 'typing' in (m.data as object))
    await call.post('admin/service/typing', { id }, op.token)
    expect((await staffTyping).data).toEqual({ typing: { conversationId: id, from: 'staff' } })
    const userTyping = nextMsg(desk, 'servicedesk', (m) => 'typing' in (m.data as object))
    await call.call('POST', `service/typing?visitor=${v}`, {})
    expect((await userTyping).data).toEqual({ typing: { conversationId: id, from: 'user' } })

    // Operator reply reaches the visitor; the visitor's read mark reaches the desk, and back.
    const toVisitor = nextMsg(visitor, ch, (m) => 'message' in (m.data as object))
    const reply = await call.post<ServiceMessage>(
      'admin/service/reply',
      { id, body: 'how can I help?' },
      op.token,
    )
    const seen = (await toVisitor).data as { message: ServiceMessage }
    expect(seen.message).toMatchObject({ id: reply.data.id, from: 'staff', body: 'how can I help?' })
    const readAtDesk = nextMsg(desk, 'servicedesk', (m) => 'read' in (m.data as object))
    await call.call('POST', `service/read?visitor=${v}`, { upTo: reply.data.id })
    expect((await readAtDesk).data).toEqual({ read: { conversationId: id, by: 'user', upTo: reply.data.id } })
    const readAtVisitor = nextMsg(visitor, ch, (m) => 'read' in (m.data as object))
    await call.post('admin/service/read', { id, upTo: sent.data.id }, op.token)
    expect((await readAtVisitor).data).toMatchObject({ read: { by: 'staff', upTo: reply.data.id } })
  })

  it('keeps channels private: no desk for users, no conversation without a session or the key', async () => {
    const call = api(h.app)
    const user = await registerEmail(h.app, h.db)
    const other = await registerEmail(h.app, h.db)
    const s1 = h.open({ token: user.token })
    const s2 = h.open({ token: other.token })
    const anon = h.open()
    expect((await sub(s1, 'servicedesk')).ok).toBe(false)
    expect((await sub(anon, 'service')).ok).toBe(false)
    expect((await sub(anon, 'service:nothex')).ok).toBe(false)
    expect((await sub(s1, 'service')).ok).toBe(true)
    expect((await sub(s2, 'service')).ok).toBe(true)
    // Alice's message reaches Alice's socket, never Bob's.
    const events: ServiceEvent[] = []
    s2.on('msg', (m: Msg) => {
      if (m.ch === 'service') events.push(m.data as ServiceEvent)
    })
    const mine = nextMsg(s1, 'service', (m) => 'message' in (m.data as object))
    await call.post('service/message', { body: 'private' }, user.token)
    expect(((await mine).data as { message: ServiceMessage }).message.body).toBe('private')
    await new Promise((r) => setTimeout(r, 150))
    expect(events).toEqual([])
  })
})
