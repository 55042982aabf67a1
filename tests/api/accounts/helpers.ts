import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { lastCodeSentTo } from '../../../server/platform/verify/messenger'
import { challengeGap } from '../../../server/platform/verify/slider'

export interface Env<T = unknown> {
  code: number
  msg: string
  data: T
  key?: string
  type?: number
}

let seq = 0
/** A unique e-mail / phone per call, so suites never share a send limit or an account. */
export const uniqueEmail = (tag = 'u') => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`
export const uniqueMainland = () => `139${String(Date.now() + ++seq * 7919).slice(-8)}`

export function api(app: FastifyInstance) {
  async function call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Env<T>> {
    const res = await app.inject({
      method,
      url: `/api/${url}`,
      ...(method === 'GET'
        ? { query: (body ?? {}) as Record<string, string> }
        : { payload: (body ?? {}) as object }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    })
    return res.json() as Env<T>
  }
  return {
    call,
    get: <T = unknown>(url: string, query?: Record<string, string>, token?: string) =>
      call<T>('GET', url, query, token),
    post: <T = unknown>(url: string, body?: unknown, token?: string) => call<T>('POST', url, body, token),
  }
}

/** Passes the slider like a person would: reads the gap the server drew and slides there. */
export async function ticket(app: FastifyInstance, db: Db): Promise<string> {
  const { post } = api(app)
  const ch = await post<{ challengeId: string }>('sliderVerify')
  expect(ch.code).toBe(200)
  const x = (await challengeGap(db, ch.data.challengeId)) as number
  const ans = await post<{ ticket: string }>('sliderVerify', { challengeId: ch.data.challengeId, x: x + 2 })
  expect(ans.code).toBe(200)
  return ans.data.ticket
}

export const PASSWORD = 'Passw0rd!x'
export const TRADE = '123456'

export interface Registered {
  email: string
  token: string
  userId: string
}

/** Registers a new e-mail account through the real endpoints. */
export async function registerEmail(
  app: FastifyInstance,
  db: Db,
  extra: Record<string, unknown> = {},
): Promise<Registered> {
  const { post } = api(app)
  const email = uniqueEmail()
  const sent = await post('user/register/sendEmailCode', { email, ticket: await ticket(app, db) })
  expect(sent.code).toBe(200)
  const code = lastCodeSentTo(email) as string
  const res = await post<{ token: string; user: { id: string } }>('user/register', {
    type: 'email',
    email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    tradePassword: TRADE,
    confirmTradePassword: TRADE,
    agree: true,
    ...extra,
  })
  expect(res.code, res.msg).toBe(200)
  return { email, token: res.data.token, userId: res.data.user.id }
}

/** Lets a minute pass for the per-target resend limit without waiting. */
export async function forgetLastSend(db: Db, target: string): Promise<void> {
  await db
    .updateTable('verification_code')
    .set({ created_at: new Date(Date.now() - 61_000) })
    .where('target', '=', target)
    .execute()
}
