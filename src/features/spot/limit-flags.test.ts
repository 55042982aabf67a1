import { placeOrderSchema } from '@common/spot/schema'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { flagFields } from './limit-flags'

describe('the ticket advanced flags', () => {
  const limit = { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3000', amount: '1' }

  it('sends nothing while the switch is off, else post-only or the time in force', () => {
    expect(flagFields(false, 'FOK')).toEqual({})
    expect(flagFields(true, 'post_only')).toEqual({ postOnly: true })
    expect(flagFields(true, 'IOC')).toEqual({ timeInForce: 'IOC' })
  })

  it('each pick is a placement the shared schema accepts', () => {
    for (const f of ['post_only', 'IOC', 'FOK'] as const)
      expect(v.safeParse(placeOrderSchema, { ...limit, ...flagFields(true, f) }).success).toBe(true)
  })
})
