import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { pageParam, positiveInt, queueSearch, rowIdParam, symbolParam } from './-search'

const parse = <S extends v.GenericSchema>(schema: S, raw: unknown) => v.parse(schema, raw)

describe('address parameters of the routes', () => {
  it('reads a page as a number or text, and opens page 1 for a missing or bad one', () => {
    const search = v.object({ page: pageParam })
    expect(parse(search, { page: 3 })).toEqual({ page: 3 })
    expect(parse(search, { page: '2' })).toEqual({ page: 2 })
    expect(parse(search, {})).toEqual({ page: 1 })
    expect(parse(search, { page: '0' })).toEqual({ page: 1 })
    expect(parse(search, { page: '1.5' })).toEqual({ page: 1 })
  })

  it('keeps a numeric id, and gives the default for anything else', () => {
    const search = v.object({ id: positiveInt(0) })
    expect(parse(search, { id: 12 })).toEqual({ id: 12 })
    expect(parse(search, { id: 'x' })).toEqual({ id: 0 })
  })

  it('keeps a row id as text, quoted or not, and names no row for a malformed one', () => {
    const search = v.object({ id: rowIdParam })
    expect(parse(search, { id: 12 })).toEqual({ id: '12' })
    expect(parse(search, { id: '12' })).toEqual({ id: '12' })
    expect(parse(search, { id: '012' })).toEqual({ id: '0' })
    expect(parse(search, {})).toEqual({ id: '0' })
  })

  it('opens the default market for a symbol of the wrong kind or shape', () => {
    const perp = v.object({ symbol: symbolParam('BTCUSDT_PERP', '_PERP') })
    expect(parse(perp, { symbol: 'ETHUSDT_PERP' })).toEqual({ symbol: 'ETHUSDT_PERP' })
    expect(parse(perp, { symbol: 'ETHUSDT' })).toEqual({ symbol: 'BTCUSDT_PERP' })
    const any = v.object({ symbol: symbolParam('BTCUSDT') })
    expect(parse(any, { symbol: 'ETHUSDT' })).toEqual({ symbol: 'ETHUSDT' })
    expect(parse(any, { symbol: '<b>' })).toEqual({ symbol: 'BTCUSDT' })
    expect(parse(any, {})).toEqual({ symbol: 'BTCUSDT' })
  })

  it('opens a console queue on its default filter for an unknown one', () => {
    const search = queueSearch(['pending', 'approved', 'all'] as const, 'pending')
    expect(parse(search, { status: 'approved', page: '2' })).toEqual({ status: 'approved', page: 2 })
    expect(parse(search, { status: 'nope' })).toEqual({ status: 'pending', page: 1 })
  })
})
