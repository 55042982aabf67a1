import type {
  ConversationView,
  HelpSuggestion,
  QueueItem,
  ServiceMessage,
  StaffConversationView,
} from '@common/support/schema'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, sql } from '../harness'
import { expectCode, jpegWithExif, multipart, raw, visitorKey } from './helpers'

describe.each(backends)('service chat on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('a visitor chats, an operator takes, replies and closes with a category (audited)', async () => {
    const { call, op, h } = s
    const v = visitorKey()
    const empty = await call.get<ConversationView>('service/conversation', { visitor: v })
    expectCode(empty, 200)
    expect(empty.data).toMatchObject({ conversation: null, messages: [], operatorsOnline: 0 })
    // Without a visitor key or a session there is nobody to talk for.
    expectCode(await call.get('service/conversation'), 1003)
    // Empty and bad messages change nothing.
    expectCode(await call.call('POST', `service/message?visitor=${v}`, { body: '   ' }), 1101)
    expectCode(await call.call('POST', 'service/message?visitor=nothex', { body: 'hi' }), 1101)

    const sent = await call.call<ServiceMessage>('POST', `service/message?visitor=${v}`, {
      body: 'How do I withdraw?',
    })
    expectCode(sent, 200)
    const queue = await call.get<{ list: QueueItem[] }>(
      'admin/service/queue',
      { status: 'waiting' },
      op.token,
    )
    const item = queue.data.list.find((i) => i.id === sent.data.conversationId)
    expect(item).toMatchObject({ status: 'waiting', userId: null, lastMessage: 'How do I withdraw?' })
    expect(item?.waitingSince).toBeTypeOf('number')

    // Replying before taking is refused; a user cannot reach the desk.
    const id = sent.data.conversationId
    expectCode(await call.post('admin/service/reply', { id, body: 'hello' }, op.token), 2301)
    const user = await registerEmail(h.app, h.db)
    expectCode(await call.get('admin/service/queue', {}, user.token), 1006)

    // Two operators take at once: exactly one wins.
    const op2 = await readyStaff(h.app, h.db, 'operator')
    const [a, b] = await Promise.all([
      call.post('admin/service/take', { id }, op.token),
      call.post('admin/service/take', { id }, op2.token),
    ])
    expect([a.code, b.code].sort()).toEqual([200, 2300])
    const winner = a.code === 200 ? op : op2
    const loser = a.code === 200 ? op2 : op
    expectCode(await call.post('admin/service/reply', { id, body: 'not mine' }, loser.token), 2301)
    const reply = await call.post<ServiceMessage>(
      'admin/service/reply',
      { id, body: 'Open Assets, then Withdraw.' },
      winner.token,
    )
    expectCode(reply, 200)
    expect(reply.data.from).toBe('staff')

    const seen = await call.get<ConversationView>('service/conversation', { visitor: v })
    expect(seen.data.conversation?.status).toBe('active')
    expect(seen.data.messages.map((m) => m.from)).toEqual(['user', 'staff'])
    const after = await call.get<StaffConversationView>('admin/service/conversation', { id }, winner.token)
    expect(after.data.item.waitingSince).toBeNull()

    expectCode(await call.post('admin/service/close', { id, category: 'nonsense' }, winner.token), 1101)
    const closed = await call.post<QueueItem>('admin/service/close', { id, category: 'funds' }, winner.token)
    expectCode(closed, 200)
    expect(closed.data).toMatchObject({ status: 'closed', category: 'funds' })
    expectCode(await call.post('admin/service/reply', { id, body: 'late' }, winner.token), 2302)
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where target_type = 'conversation' and target_id = ${id} order by id`.execute(
      h.db,
    )
    expect(rows.map((r) => r.action)).toEqual(['service.take', 'service.reply', 'service.close'])

    // A new message after closing starts a new conversation.
    const again = await call.call<ServiceMessage>('POST', `service/message?visitor=${v}`, {
      body: 'one more',
    })
    expect(again.data.conversationId).not.toBe(id)
  })

  it('another user or visitor can never read a conversation or its pictures', async () => {
    const { call, op, h } = s
    const alice = await registerEmail(h.app, h.db)
    const bob = await registerEmail(h.app, h.db)
    const up = await multipart(h.app, 'service/image', await jpegWithExif(), { token: alice.token })
    expectCode(up, 200)
    const msg = await call.post<ServiceMessage>(
      'service/message',
      { body: 'see picture', imageId: up.data.id },
      alice.token,
    )
    expectCode(msg, 200)
    expect(msg.data.image).toBe(`service/image/${up.data.id}`)

    // Bob cannot send Alice's picture, read her conversation by id, nor fetch the picture.
    expectCode(await call.post('service/message', { imageId: up.data.id }, bob.token), 2305)
    expectCode(await call.get('service/conversation', { id: msg.data.conversationId }, bob.token), 1004)
    expect((await raw(h.app, `service/image/${up.data.id}`, bob.token)).json().code).toBe(1004)
    expect((await raw(h.app, `service/image/${up.data.id}?visitor=${'0'.repeat(32)}`)).json().code).toBe(1004)
    expect((await raw(h.app, `service/image/${up.data.id}`)).json().code).toBe(1004)
    // A picture can be sent once only.
    expectCode(await call.post('service/message', { imageId: up.data.id }, alice.token), 2305)

    // Alice and staff get the picture, re-encoded as JPEG without the EXIF it came with.
    const mine = await raw(h.app, `service/image/${up.data.id}`, alice.token)
    expect(mine.type).toBe('image/jpeg')
    expect(mine.body.includes(Buffer.from('SECRET-ARTIST'))).toBe(false)
    expect((await sharp(mine.body).metadata()).exif).toBeUndefined()
    const staffView = await raw(h.app, `service/image/${up.data.id}`, op.token)
    expect(staffView.type).toBe('image/jpeg')

    // Not an image by content, or too large: refused.
    expectCode(
      await multipart(h.app, 'service/image', Buffer.from('<svg></svg>'), { token: alice.token }),
      1103,
    )
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff)
    const tooBig = await multipart(h.app, 'service/image', big, { token: alice.token })
    expect([1102, 413]).toContain(tooBig.code ?? 413)
  })

  it('merges a visitor conversation into the account at login', async () => {
    const { call, h } = s
    const v = visitorKey()
    const first = await call.call<ServiceMessage>('POST', `service/message?visitor=${v}`, {
      body: 'before login',
    })
    expectCode(first, 200)
    const user = await registerEmail(h.app, h.db)
    const view = await call.call<ConversationView>(
      'GET',
      `service/conversation?visitor=${v}`,
      undefined,
      user.token,
    )
    expectCode(view, 200)
    expect(view.data.conversation?.id).toBe(first.data.conversationId)
    expect(view.data.messages.map((m) => m.body)).toEqual(['before login'])
    // The key no longer opens it: a visitor with it sees nothing.
    const asVisitor = await call.get<ConversationView>('service/conversation', { visitor: v })
    expect(asVisitor.data.conversation).toBeNull()
  })

  it('read marks move forward only and up to existing messages', async () => {
    const { call, h, op } = s
    const user = await registerEmail(h.app, h.db)
    const m = await call.post<ServiceMessage>('service/message', { body: 'read me' }, user.token)
    const id = m.data.conversationId
    expectCode(await call.post('admin/service/read', { id, upTo: '999999999' }, op.token), 200)
    const v1 = await call.get<ConversationView>('service/conversation', {}, user.token)
    expect(v1.data.conversation?.staffReadUpTo).toBe(m.data.id)
    expectCode(await call.post('admin/service/read', { id, upTo: '1' }, op.token), 200)
    const v2 = await call.get<ConversationView>('service/conversation', {}, user.token)
    expect(v2.data.conversation?.staffReadUpTo).toBe(m.data.id)
  })

  it('suggests help academy articles matching the typed question', async () => {
    const { call } = s
    const r = await call.call<HelpSuggestion[]>(
      'GET',
      'service/suggest',
      { q: 'how long does a deposit take' },
      undefined,
      {
        lang: 'en',
      },
    )
    expectCode(r, 200)
    expect(r.data.length).toBeGreaterThan(0)
    expect(r.data[0]?.title).toBe('How to deposit')
    const zh = await call.call<HelpSuggestion[]>('GET', 'service/suggest', { q: '如何充值' }, undefined, {
      lang: 'tw',
    })
    expect(zh.data.map((a) => a.title)).toContain('如何充值')
    const none = await call.get<HelpSuggestion[]>('service/suggest', { q: 'the and for' })
    expect(none.data).toEqual([])
  })
})
