import { add, sum } from '@common/money/decimal'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyPostings, keyOf, lockOrder, netPostings, type Posting, unbalancedAssets } from './rules'

const p = (
  holder: string,
  account: string,
  asset: string,
  amount: string,
  bucket: Posting['bucket'] = 'available',
) => ({
  holder,
  account,
  asset,
  bucket,
  amount,
})

describe('ledger rules', () => {
  it('finds assets whose postings do not sum to zero', () => {
    expect(unbalancedAssets([p('u1', 'spot', 'USDT', '-5'), p('system', 'fees', 'USDT', '5')])).toEqual([])
    expect(unbalancedAssets([p('u1', 'spot', 'USDT', '-5'), p('u1', 'spot', 'BTC', '5')]).sort()).toEqual([
      'BTC',
      'USDT',
    ])
    expect(unbalancedAssets([p('u1', 'spot', 'USDT', '-0.1'), p('u2', 'spot', 'USDT', '0.09')])).toEqual([
      'USDT',
    ])
  })

  it('orders locks globally and drops duplicates', () => {
    const keys = [p('u2', 'spot', 'USDT', '1'), p('u1', 'spot', 'USDT', '1'), p('u2', 'spot', 'USDT', '-1')]
    expect(lockOrder(keys).map((k) => k.holder)).toEqual(['u1', 'u2'])
  })

  it('refuses to take a user below zero in either bucket, but lets system accounts go negative', () => {
    const before = new Map([[keyOf(p('u1', 'funding', 'USDT', '0')), { available: '10', frozen: '0' }]])
    const ok = applyPostings(before, [
      p('u1', 'funding', 'USDT', '-10'),
      p('system', 'withdraw_clearing', 'USDT', '10'),
    ])
    expect(ok.overdrawn).toBeNull()
    expect(ok.after.get(keyOf(p('u1', 'funding', 'USDT', '0')))).toEqual({ available: '0', frozen: '0' })
    const over = applyPostings(before, [
      p('u1', 'funding', 'USDT', '-10.000001'),
      p('u2', 'funding', 'USDT', '10.000001'),
    ])
    expect(over.overdrawn?.holder).toBe('u1')
    const unfreezeTooMuch = applyPostings(before, [
      p('u1', 'funding', 'USDT', '-1', 'frozen'),
      p('u1', 'funding', 'USDT', '1', 'available'),
    ])
    expect(unfreezeTooMuch.overdrawn?.holder).toBe('u1')
    const sys = applyPostings(new Map(), [
      p('system', 'deposit_clearing', 'BTC', '-3'),
      p('u1', 'funding', 'BTC', '3'),
    ])
    expect(sys.overdrawn).toBeNull()
  })

  it('property: any sequence of accepted transfers keeps every asset summing to zero and users non-negative', () => {
    const holders = ['u1', 'u2', 'u3']
    const arb = fc.array(
      fc.record({
        from: fc.constantFrom(...holders, 'system'),
        to: fc.constantFrom(...holders),
        cents: fc.integer({ min: 1, max: 5000 }),
      }),
      { maxLength: 60 },
    )
    fc.assert(
      fc.property(arb, (moves) => {
        let state = new Map<string, { available: string; frozen: string }>()
        const all: Posting[] = []
        for (const m of moves) {
          const amount = (m.cents / 100).toFixed(2)
          const postings = [p(m.from, 'spot', 'USDT', `-${amount}`), p(m.to, 'spot', 'USDT', amount)]
          const r = applyPostings(state, postings)
          if (r.overdrawn) continue
          state = r.after
          all.push(...postings)
        }
        expect(unbalancedAssets(all)).toEqual([])
        const total = sum([...state.values()].map((s) => add(s.available, s.frozen)))
        expect(total).toBe('0')
        for (const [k, s] of state)
          if (!k.startsWith('system')) expect(s.available.startsWith('-')).toBe(false)
      }),
    )
  })

  it('nets an entry to one posting per balance bucket, in first-seen order, without changing where balances end', () => {
    const fills = [
      p('taker', 'spot', 'USDT', '-200'),
      p('maker', 'spot', 'USDT', '200'),
      p('maker', 'spot', 'BTC', '-0.1', 'frozen'),
      p('taker', 'spot', 'BTC', '0.1'),
      p('taker', 'spot', 'USDT', '-201'),
      p('maker', 'spot', 'USDT', '201'),
      p('maker', 'spot', 'BTC', '-0.1', 'frozen'),
      p('taker', 'spot', 'BTC', '0.1'),
      p('maker', 'spot', 'BTC', '0.05'),
      p('maker', 'spot', 'BTC', '-0.05'),
    ]
    expect(netPostings(fills)).toEqual([
      p('taker', 'spot', 'USDT', '-401'),
      p('maker', 'spot', 'USDT', '401'),
      p('maker', 'spot', 'BTC', '-0.2', 'frozen'),
      p('taker', 'spot', 'BTC', '0.2'),
    ])
    // The caller's postings are left as they were.
    expect(fills[0]?.amount).toBe('-200')

    const holders = ['u1', 'u2', 'system']
    const arb = fc.array(
      fc.record({
        holder: fc.constantFrom(...holders),
        asset: fc.constantFrom('USDT', 'BTC'),
        bucket: fc.constantFrom<Posting['bucket']>('available', 'frozen'),
        cents: fc.integer({ min: -5000, max: 5000 }),
      }),
      { maxLength: 40 },
    )
    fc.assert(
      fc.property(arb, (moves) => {
        const postings = moves.map((m) => p(m.holder, 'spot', m.asset, (m.cents / 100).toFixed(2), m.bucket))
        const start = new Map(
          holders.flatMap((h) =>
            ['USDT', 'BTC'].map((a) => [keyOf(p(h, 'spot', a, '0')), { available: '100', frozen: '100' }]),
          ),
        )
        const net = netPostings(postings)
        expect(applyPostings(start, net).after).toEqual(applyPostings(start, postings).after)
        expect(unbalancedAssets(net)).toEqual(unbalancedAssets(postings))
        const buckets = net.map((n) => `${keyOf(n)}/${n.bucket}`)
        expect(new Set(buckets).size).toBe(buckets.length)
        expect(net.every((n) => n.amount !== '0')).toBe(true)
      }),
    )
  })
})
