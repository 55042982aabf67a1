import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import type { CaseType } from '../../../server/platform/staff/duties'
import { createStaff } from '../../../server/platform/staff/staff'
import { api, PASSWORD, type Registered, registerEmail, TRADE, ticket } from '../accounts/helpers'
import { ADDR, type AssetsHarness, fund, uploadProof } from '../assets/helpers'
import { type Staff, setUpStaff } from './helpers'

/**
 * A member of staff who is also a customer: Sam registers and uses the app (a pending deposit and
 * withdrawal, a loan with a voucher repayment waiting, a C2C order under appeal with evidence, a
 * service chat with a picture, a work order with a picture, identity documents waiting for review),
 * then is made an operator (or admin) and sets the account up. Every case type of the guard
 * (server/platform/staff/duties.ts PARTIES) has one case with Sam as a party.
 */
export interface PartyStaff extends Staff {
  uid: number
  cases: Record<CaseType, string>
  pictures: {
    identity: string
    c2cEvidence: string
    c2cOrder: string
    serviceImage: string
    ticketImage: string
  }
}

async function serviceImage(app: FastifyInstance, token: string, jpg: Buffer): Promise<string> {
  const boundary = '----party'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
  const res = await app.inject({
    method: 'POST',
    url: '/api/service/image',
    payload: Buffer.concat([Buffer.from(head), jpg, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  })
  const body = res.json() as { code: number; data: { id: string } }
  expect(body.code).toBe(200)
  return body.data.id
}

/** Promotes a registered user to staff and sets the account up as a person would. */
export async function promote(
  app: FastifyInstance,
  db: Db,
  u: Registered,
  role: 'operator' | 'admin',
): Promise<Staff> {
  return setUpStaff(app, await createStaff(db, { email: u.email as string, role }))
}

/**
 * Sam's cases, made through the app; `op` (another, ready operator) approves Sam's loan and has
 * opened USDT deposits. Returns Sam as staff (role) with the ids of the cases.
 */
export async function partyStaff(
  h: AssetsHarness,
  op: Staff,
  role: 'operator' | 'admin' = 'operator',
): Promise<PartyStaff> {
  const call = api(h.app)
  const sam = await registerEmail(h.app, h.db)
  const ok = (r: { code: number; msg: string }) => expect(r.code, r.msg).toBe(200)
  ok(await call.post('dev/identity/approve', { realName: 'Sam Staff' }, sam.token))

  // Money: a credited deposit, then a pending deposit and a pending withdrawal.
  await fund(h, sam.token, 'USDT', 'TRC20', '20000')
  const voucher = await uploadProof(h.app, sam.token)
  const dep = await call.post<{ id: string }>(
    'assets/deposit',
    { coin: 'USDT', chain: 'TRC20', amount: '15000', voucher },
    sam.token,
  )
  ok(dep)
  const wd = await call.post<{ id: string }>(
    'assets/withdraw',
    { coin: 'USDT', chain: 'TRC20', address: ADDR.TRON2, amount: '12000', tradePassword: TRADE },
    sam.token,
  )
  ok(wd)

  // A loan approved by op, with a voucher repayment waiting; then a second application in review.
  const products =
    await call.get<{ id: string; coin: string; credit: boolean; termDays: number }[]>('loan/products')
  const p = products.data.find((x) => x.coin === 'USDT' && !x.credit && x.termDays === 14)
  if (!p) throw new Error('no USDT loan product')
  const a = await call.post<{ id: string }>(
    'loan/apply',
    { productId: p.id, amount: '1000', purpose: 'working capital' },
    sam.token,
  )
  ok(a)
  ok(await call.post('admin/loan/review', { decision: 'approve', id: a.data.id, amount: '1000' }, op.token))
  // On-chain repayment needs the product's repayment address (set in the console).
  await h.db
    .updateTable('loan_product')
    .set({ repay_chain: 'TRC20', repay_address: ADDR.TRON })
    .where('id', '=', p.id)
    .execute()
  const proof = await uploadProof(h.app, sam.token)
  ok(await call.post('loan/repay/voucher', { id: a.data.id, amount: '100', voucher: proof }, sam.token))
  const rep = await h.db
    .selectFrom('loan_repayment')
    .select('id')
    .where('user_id', '=', sam.userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  // The second application (one open loan at a time in the app): the same row, back in review.
  const reviewing = await h.db
    .insertInto('loan_order')
    .columns([
      'user_id',
      'product_id',
      'coin',
      'term_days',
      'monthly_rate',
      'institution',
      'expected_amount',
      'purpose',
      'proofs',
      'credit',
      'status',
      'usd_value',
    ])
    .expression((eb) =>
      eb
        .selectFrom('loan_order')
        .select([
          'user_id',
          'product_id',
          'coin',
          'term_days',
          'monthly_rate',
          'institution',
          eb.val('12000').as('expected_amount'),
          'purpose',
          'proofs',
          'credit',
          eb.val('reviewing').as('status'),
          eb.val('12000').as('usd_value'),
        ])
        .where('id', '=', a.data.id),
    )
    .returning('id')
    .executeTakeFirstOrThrow()

  // C2C: Sam buys from a seller, pays, and appeals with evidence.
  const seller = await registerEmail(h.app, h.db)
  ok(await call.post('dev/identity/approve', { realName: 'Sally Seller' }, seller.token))
  await fund(h, seller.token, 'USDT', 'TRC20', '20000')
  ok(
    await call.post(
      'c2c/payment/save',
      {
        kind: 'bank',
        name: 'Sally Seller',
        bank: 'Test Bank',
        branch: 'Taipei',
        account: '6222000011112222',
      },
      seller.token,
    ),
  )
  ok(
    await call.post(
      'c2c/payment/save',
      { kind: 'bank', name: 'Sam Staff', bank: 'Test Bank', branch: 'Taipei', account: '6222000011113333' },
      sam.token,
    ),
  )
  const ad = await call.post<{ id: string }>(
    'c2c/ad/save',
    {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      price: '7',
      total: '15000',
      minAmount: '70',
      maxAmount: '105000',
      payKinds: ['bank'],
    },
    seller.token,
  )
  ok(ad)
  const order = await call.post<{ id: string }>(
    'c2c/order/create',
    { adId: ad.data.id, amount: '84000' },
    sam.token,
  )
  ok(order)
  const payProof = await uploadProof(h.app, sam.token)
  ok(await call.post('c2c/order/paid', { id: order.data.id, proof: payProof }, sam.token))
  const evidence = await uploadProof(h.app, sam.token)
  ok(
    await call.post(
      'c2c/order/appeal',
      { id: order.data.id, content: 'Paid, not released', evidence: [evidence] },
      sam.token,
    ),
  )

  // Service chat with a picture, and a work order with a picture.
  const jpg = await (await import('../assets/helpers')).jpeg()
  const img = await serviceImage(h.app, sam.token, jpg)
  ok(await call.post('service/message', { body: 'Hello, a question', imageId: img }, sam.token))
  const conv = await h.db
    .selectFrom('service_conversation')
    .select('id')
    .where('user_id', '=', sam.userId)
    .executeTakeFirstOrThrow()
  const ticketImage = await uploadProof(h.app, sam.token)
  const tk = await call.post<{ id: string }>(
    'work/create',
    {
      type: 'withdraw',
      title: 'Withdrawal pending',
      content: 'My USDT withdrawal is still pending.',
      images: [ticketImage],
      ticket: await ticket(h.app, h.db),
    },
    sam.token,
  )
  ok(tk)

  // Identity documents submitted again and waiting for review.
  const [front, back, hand] = [
    await uploadProof(h.app, sam.token),
    await uploadProof(h.app, sam.token),
    await uploadProof(h.app, sam.token),
  ]
  await h.db
    .updateTable('identity')
    .set({
      advanced_status: 'pending',
      front_upload_id: front,
      back_upload_id: back,
      hand_upload_id: hand,
      submitted_at: new Date(),
    })
    .where('user_id', '=', sam.userId)
    .execute()

  const staff = await promote(h.app, h.db, sam, role)
  const u = await h.db
    .selectFrom('users')
    .select('uid')
    .where('id', '=', sam.userId)
    .executeTakeFirstOrThrow()
  // The password changed: keep PASSWORD out of reach (Sam logs in with the staff password now).
  void PASSWORD
  return {
    ...staff,
    uid: u.uid,
    cases: {
      user: sam.userId,
      identity: sam.userId,
      user_uid: String(u.uid),
      deposit: dep.data.id,
      withdrawal: wd.data.id,
      loan: String(reviewing.id),
      loan_repayment: String(rep.id),
      c2c_order: order.data.id,
      conversation: String(conv.id),
      ticket: String(tk.data.id),
    },
    pictures: {
      identity: front,
      c2cEvidence: evidence,
      c2cOrder: order.data.id,
      serviceImage: img,
      ticketImage,
    },
  }
}
