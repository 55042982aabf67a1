import { describe, expect, it } from 'vitest'
import { type ClientOrderRow, ClientOrders } from './client-orders'

const row = (id: string, status: string, cid: string | null = 'c1', holder = 'u1'): ClientOrderRow => ({
  id,
  holder,
  symbol: 'ETHUSDT',
  status,
  client_order_id: cid,
})

describe('client order ids in memory', () => {
  it('answers an open order by holder and id, and only for that holder', () => {
    const m = new ClientOrders(1000)
    m.keep(row('1', 'open'), 0)
    expect(m.get('u1', 'c1')?.id).toBe('1')
    expect(m.get('u2', 'c1')).toBeUndefined()
    expect(m.get('u1', undefined)).toBeUndefined()
    m.keep(row('2', 'open', null), 0)
    expect(m.get('u1', 'null')).toBeUndefined()
  })

  it('keeps an ended order for the window, then forgets it; an open one stays', () => {
    const m = new ClientOrders(1000)
    m.keep(row('1', 'open'), 0)
    m.keep(row('1', 'filled'), 100)
    m.keep(row('3', 'open', 'c3'), 100)
    m.prune(1000)
    expect(m.get('u1', 'c1')?.status).toBe('filled')
    m.prune(1101)
    expect(m.get('u1', 'c1')).toBeUndefined()
    expect(m.get('u1', 'c3')?.id).toBe('3')
  })

  it('another order with an id in use does not replace the open one; a market is forgotten on reload', () => {
    const m = new ClientOrders(1000)
    m.keep(row('1', 'open'), 0)
    m.keep(row('9', 'open'), 0)
    expect(m.get('u1', 'c1')?.id).toBe('1')
    m.forget('BTCUSDT')
    expect(m.get('u1', 'c1')?.id).toBe('1')
    m.forget('ETHUSDT')
    expect(m.get('u1', 'c1')).toBeUndefined()
  })
})
