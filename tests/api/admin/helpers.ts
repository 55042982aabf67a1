import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { createStaff } from '../../../server/platform/staff/staff'
import { totpAt } from '../../../server/platform/verify/totp'
import { api, uniqueEmail } from '../accounts/helpers'
import { type Harness, startHarness } from '../harness'

export const STAFF_PASSWORD = 'St4ffPassw0rd!'

export interface Staff {
  userId: string
  email: string
  token: string
  secret: string
}

/** Logs in with the password only (staff without Google bound yet). */
export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await api(app).post<{ token: string }>('user/login', { account: email, password })
  expect(res.code, res.msg).toBe(200)
  return res.data.token
}

/**
 * A staff account made ready the way a person would: created with a one-time password, logged in,
 * password changed, logged in again, Google authenticator bound (which turns its login check on).
 */
export async function readyStaff(
  app: FastifyInstance,
  db: Db,
  role: 'operator' | 'admin' = 'operator',
): Promise<Staff> {
  return setUpStaff(app, await createStaff(db, { email: uniqueEmail(role), role }))
}

/** The set-up steps of `readyStaff` for a staff account just created (one-time password). */
export async function setUpStaff(
  app: FastifyInstance,
  created: { userId: string; email: string; password: string },
): Promise<Staff> {
  const { post, get } = api(app)
  let token = await login(app, created.email, created.password)
  const changed = await post(
    'safe/updatePassword',
    { oldPassword: created.password, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
    token,
  )
  expect(changed.code, changed.msg).toBe(200)
  token = await login(app, created.email, STAFF_PASSWORD)
  const g = await get<{ secret: string }>('user/getGoogleToken', {}, token)
  expect(g.code, g.msg).toBe(200)
  const bound = await post(
    'user/bindGoogleToken',
    { googleCode: totpAt(g.data.secret, Date.now()), password: STAFF_PASSWORD },
    token,
  )
  expect(bound.code, bound.msg).toBe(200)
  return { userId: created.userId, email: created.email, token, secret: g.data.secret }
}

export interface StaffSuite {
  h: Harness
  call: ReturnType<typeof api>
  op: Staff
}

/** A fresh harness with the API client and a ready operator: the set-up of the console suites. */
export async function openStaffSuite(backend: 'pglite' | 'postgres'): Promise<StaffSuite> {
  const h = await startHarness(backend)
  return { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
}
