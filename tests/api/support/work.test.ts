import type { Ticket, TicketPage } from '@common/support/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail, ticket } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { uploadProof } from '../assets/helpers'
import { backends, sql } from '../harness'
import { expectCode, raw } from './helpers'

describe.each(backends)('work orders on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('creates a ticket with pictures behind the slider; it is answered, replied, closed and reopened', async () => {
    const { call, op, h } = s
    const alice = await registerEmail(h.app, h.db)
    const img = await uploadProof(h.app, alice.token)
    const base = {
      type: 'withdraw',
      title: 'Withdrawal pending',
      content: 'My USDT withdrawal is still pending.',
    }
    // No slider ticket, missing title, unknown type, ten pictures: refused, nothing created.
    expectCode(await call.post('work/create', base, alice.token), 1101)
    expectCode(
      await call.post('work/create', { ...base, title: ' ', ticket: await ticket(h.app, h.db) }, alice.token),
      1101,
    )
    expectCode(
      await call.post('work/create', { ...base, type: 'x', ticket: await ticket(h.app, h.db) }, alice.token),
      1101,
    )
    const ten = Array.from({ length: 10 }, () => crypto.randomUUID())
    expectCode(
      await call.post(
        'work/create',
        { ...base, images: ten, ticket: await ticket(h.app, h.db) },
        alice.token,
      ),
      1101,
    )
    expectCode(await call.post('work/create', { ...base, ticket: 'x'.repeat(20) }, alice.token), 1303)
    expect((await call.get<TicketPage>('work/list', {}, alice.token)).data.total).toBe(0)

    const created = await call.post<Ticket>(
      'work/create',
      { ...base, images: [img], ticket: await ticket(h.app, h.db) },
      alice.token,
    )
    expectCode(created, 200)
    const t = created.data
    expect(t).toMatchObject({ status: 'open', type: 'withdraw', images: [`upload/${img}`], replies: [] })
    expect(t.number).toMatch(/^W\d{8}\d{6}$/)

    // Staff answer: answered, a notification for Alice, an audit row.
    const answered = await call.post<Ticket>(
      `admin/service/tickets/${t.id}/reply`,
      { body: 'Checking now.' },
      op.token,
    )
    expectCode(answered, 200)
    expect(answered.data.status).toBe('answered')
    const queue = await call.get<{ list: { id: string }[] }>(
      'admin/service/tickets',
      { type: 'withdraw', status: 'answered' },
      op.token,
    )
    expect(queue.data.list.map((x) => x.id)).toContain(t.id)
    const { pushService } = await import('../../../server/platform/notify/push-service')
    await pushService(h.db).idle()
    const notes = await sql<{
      title: string
    }>`select title from notification where user_id = ${alice.userId}`.execute(h.db)
    expect(notes.rows.map((r) => r.title).join()).toContain(t.number)

    // Alice replies: open again; the thread is in order.
    const replied = await call.post<Ticket>(
      `work/${t.id}/reply`,
      { body: 'Thanks, it is tx 0xabc.' },
      alice.token,
    )
    expect(replied.data.status).toBe('open')
    expect(replied.data.replies.map((r) => r.from)).toEqual(['staff', 'user'])

    // Staff close; replying is refused until reopened; reopening works within 7 days only.
    expectCode(await call.post(`admin/service/tickets/${t.id}/close`, {}, op.token), 200)
    expectCode(await call.post(`work/${t.id}/reply`, { body: 'again' }, alice.token), 2303)
    const reopened = await call.post<Ticket>(`work/${t.id}/reopen`, {}, alice.token)
    expect(reopened.data.status).toBe('open')
    expectCode(await call.post(`work/${t.id}/close`, {}, alice.token), 200)
    await sql`update work_ticket set closed_at = now() - interval '8 days' where id = ${t.id}`.execute(h.db)
    const late = await call.get<Ticket>(`work/${t.id}`, {}, alice.token)
    expect(late.data.canReopen).toBe(false)
    expectCode(await call.post(`work/${t.id}/reopen`, {}, alice.token), 2304)

    const audit = await sql<{ action: string }>`
      select action from audit_log where target_type = 'ticket' and target_id = ${t.id} order by id`.execute(
      h.db,
    )
    expect(audit.rows.map((r) => r.action)).toEqual(['work.reply', 'work.close'])
  })

  it('another user never reads a ticket, replies to it, or gets its pictures; nor uses another’s picture', async () => {
    const { call, op, h } = s
    const alice = await registerEmail(h.app, h.db)
    const bob = await registerEmail(h.app, h.db)
    const img = await uploadProof(h.app, alice.token)
    const t = await call.post<Ticket>(
      'work/create',
      {
        type: 'account',
        title: 'Photo',
        content: 'See attached',
        images: [img],
        ticket: await ticket(h.app, h.db),
      },
      alice.token,
    )
    expectCode(t, 200)
    const id = t.data.id
    expectCode(await call.get(`work/${id}`, {}, bob.token), 1004)
    expectCode(await call.post(`work/${id}/reply`, { body: 'hi' }, bob.token), 1004)
    expectCode(await call.post(`work/${id}/close`, {}, bob.token), 1004)
    expect((await call.get<TicketPage>('work/list', {}, bob.token)).data.total).toBe(0)
    expect((await raw(h.app, `upload/${img}`, bob.token)).json().code).toBe(1004)
    expect((await raw(h.app, `upload/${img}`, alice.token)).type).toBe('image/jpeg')
    expect((await raw(h.app, `upload/${img}`, op.token)).type).toBe('image/jpeg')
    // Bob cannot attach Alice's upload to his own ticket.
    expectCode(
      await call.post(
        'work/create',
        { type: 'account', title: 'Mine', content: 'x', images: [img], ticket: await ticket(h.app, h.db) },
        bob.token,
      ),
      1323,
    )
    // Users cannot reach the console queue; visitors cannot reach tickets at all.
    expectCode(await call.get('admin/service/tickets', {}, bob.token), 1006)
    expectCode(await call.get('work/list'), 1003)
  })
})
