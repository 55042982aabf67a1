import type { LoanOrder } from '@common/loan/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail, TRADE } from '../accounts/helpers'
import { readyStaff, type Staff } from '../admin/helpers'
import { ADDR, type AssetsHarness, startAssets } from '../assets/helpers'
import { expectSound as c2cSound } from '../c2c/helpers'
import { backends } from '../harness'
import { fund } from '../spot/helpers'
import { balance, expectSound, product, verifyAdvanced } from './helpers'

const EACH = 50

/**
 * Issue 33, finding 1: borrowed coins must not leave through the loan lock while the payout is in
 * flight. A borrower whose own funding balance is 0 sends 200 requests that each try to move 1,000
 * USDT out of funding (withdrawals, transfers, C2C sell ads, flash exchanges of quotes taken while
 * they still had their own 1,000) at the same moment an operator approves a 1,000 USDT loan. Every
 * one must be refused: before the payout there is nothing, after it everything is owed. On
 * PostgreSQL this races for real (PGlite runs one transaction at a time).
 */
describe.each(backends)('loan lock under a payout in flight on %s', (backend) => {
  let s: { h: AssetsHarness; call: ReturnType<typeof api>; op: Staff }
  beforeAll(async () => {
    // Index prices for the flash exchange's quotes (BTC 60,000 USDT).
    const h = await startAssets(backend)
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })

  for (const round of [1, 2, 3])
    it(`round ${round}: 200 requests out of funding against an approval, nothing leaves`, async () => {
      const { call, h, op } = s
      const u = await registerEmail(h.app, h.db)
      await verifyAdvanced(h.db, u.userId)
      const pay = await call.post(
        'c2c/payment/save',
        {
          kind: 'bank',
          name: 'Test Borrower',
          bank: 'Test Bank',
          branch: 'Taipei',
          account: '6222000011112222',
        },
        u.token,
      )
      expect(pay.code, pay.msg).toBe(200)
      // Quotes are taken while the user holds 1,000 of their own; that money then goes to spot.
      await fund(h.db, u.userId, 'USDT', '1000', 'funding')
      const quotes: string[] = []
      for (let i = 0; i < EACH; i++) {
        const q = await call.post<{ quoteId: string }>(
          'assets/exchange/quote',
          { from: 'USDT', to: 'BTC', amount: '1000' },
          u.token,
        )
        expect(q.code, q.msg).toBe(200)
        quotes.push(q.data.quoteId)
      }
      const away = await call.post(
        'assets/transfer',
        { coin: 'USDT', from: 'funding', to: 'spot', amount: '1000' },
        u.token,
      )
      expect(away.code, away.msg).toBe(200)
      expect(await balance(h.db, u.userId, 'USDT')).toBe('0')

      const p = await product(call, 'USDT', 30)
      const a = await call.post<LoanOrder>(
        'loan/apply',
        { productId: p.id, amount: '1000', purpose: 'working capital' },
        u.token,
      )
      expect(a.code, a.msg).toBe(200)

      const out: Promise<{ kind: string; code: number }>[] = []
      const send = (kind: string, path: string, body: Record<string, unknown>) =>
        out.push(call.post(path, body, u.token).then((r) => ({ kind, code: r.code })))
      for (let i = 0; i < EACH; i++) {
        send('withdraw', 'assets/withdraw', {
          coin: 'USDT',
          chain: 'TRC20',
          address: ADDR.TRON2,
          amount: '1000',
          tradePassword: TRADE,
        })
        send('transfer', 'assets/transfer', { coin: 'USDT', from: 'funding', to: 'finance', amount: '1000' })
        if (i === EACH / 2)
          out.push(
            call
              .post('admin/loan/review', { decision: 'approve', id: a.data.id, amount: '1000' }, op.token)
              .then((r) => ({ kind: 'approve', code: r.code })),
          )
        send('c2c-ad', 'c2c/ad/save', {
          side: 'sell',
          coin: 'USDT',
          fiat: 'CNY',
          price: '7',
          total: '1000',
          minAmount: '70',
          maxAmount: '7000',
          payKinds: ['bank'],
        })
        send('exchange', 'assets/exchange/confirm', { quoteId: quotes[i] })
      }
      const results = await Promise.all(out)
      expect(results.find((r) => r.kind === 'approve')?.code).toBe(200)
      const leaked = results.filter((r) => r.kind !== 'approve' && r.code === 200)
      expect(leaked).toEqual([])
      // Refused for want of money (1200, 1203) or by the loan lock (2206), nothing else.
      const codes = new Set(results.filter((r) => r.kind !== 'approve').map((r) => r.code))
      for (const c of codes) expect([1200, 1203, 2206]).toContain(c)

      // The payout is all in funding, none of it frozen or moved.
      expect(await balance(h.db, u.userId, 'USDT')).toBe('1000')
      expect(await balance(h.db, u.userId, 'USDT', 'finance')).toBe('0')
      const info = await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'USDT' }, u.token)
      expect(info.data.withdrawable).toBe('0')
      await expectSound(h.db)
      await c2cSound(h.db)
    })
})
