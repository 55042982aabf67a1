import { describe, expect, it } from 'vitest'
import { checkTpsl } from './tpsl'

describe('TP/SL rules (SPEC section 5)', () => {
  it('long: TP above open and current, SL below both', () => {
    expect(checkTpsl('long', '100', '105', '110', '90')).toBeNull()
    expect(checkTpsl('long', '100', '105', '103', '')).toEqual({ field: 'tp', error: 'tp_invalid' })
    expect(checkTpsl('long', '100', '95', '', '97')).toEqual({ field: 'sl', error: 'sl_invalid' })
    expect(checkTpsl('long', '100', '100', '100', '')).toEqual({ field: 'tp', error: 'tp_invalid' })
  })
  it('short: TP below both, SL above both', () => {
    expect(checkTpsl('short', '100', '95', '90', '110')).toBeNull()
    expect(checkTpsl('short', '100', '95', '97', '')).toEqual({ field: 'tp', error: 'tp_invalid' })
    expect(checkTpsl('short', '100', '105', '', '103')).toEqual({ field: 'sl', error: 'sl_invalid' })
  })
  it('empty fields clear, bad numbers are refused', () => {
    expect(checkTpsl('long', '100', '100', '', '')).toBeNull()
    expect(checkTpsl('long', '100', '100', 'abc', '')).toEqual({ field: 'tp', error: 'bad_number' })
    expect(checkTpsl('long', '100', '100', '', '0')).toEqual({ field: 'sl', error: 'bad_number' })
  })
})
