import { describe, expect, it } from 'vitest'
import { backoffDelay, decodePacket, encodeConnect, encodeEvent } from './io-protocol'

describe('Socket.IO wire protocol', () => {
  it('encodes the handshake, events and events expecting an acknowledgement', () => {
    expect(encodeConnect({ token: 'abc' })).toBe('40{"token":"abc"}')
    expect(encodeEvent('unsub', ['tickers'])).toBe('42["unsub","tickers"]')
    expect(encodeEvent('sub', ['depth:BTCUSDT'], 12)).toBe('4212["sub","depth:BTCUSDT"]')
  })

  it('decodes the Engine.IO open packet with its heartbeat settings', () => {
    expect(
      decodePacket('0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1e6}'),
    ).toEqual({
      type: 'open',
      handshake: { sid: 's1', pingInterval: 25000, pingTimeout: 20000 },
    })
    expect(decodePacket('0{}')).toBeNull()
    expect(decodePacket('2')).toEqual({ type: 'ping' })
    expect(decodePacket('1')).toEqual({ type: 'close' })
  })

  it('decodes connect, events, acknowledgements, refusals and server disconnects', () => {
    expect(decodePacket('40{"sid":"x"}')).toEqual({ type: 'message', packet: { type: 'connect' } })
    expect(decodePacket('42["msg",{"ch":"tickers","seq":3}]')).toEqual({
      type: 'message',
      packet: { type: 'event', name: 'msg', args: [{ ch: 'tickers', seq: 3 }], id: undefined },
    })
    expect(decodePacket('43105[{"ok":true}]')).toEqual({
      type: 'message',
      packet: { type: 'ack', id: 105, args: [{ ok: true }] },
    })
    expect(decodePacket('44{"message":"not authorized"}')).toEqual({
      type: 'message',
      packet: { type: 'connectError', message: 'not authorized' },
    })
    expect(decodePacket('41')).toEqual({ type: 'message', packet: { type: 'disconnect' } })
  })

  it('ignores what it cannot use instead of throwing', () => {
    for (const raw of [
      '',
      '9',
      '42not json',
      '42{"a":1}',
      '43["no id"]',
      '42/admin,["x"]',
      '451-["bin",{"_placeholder":true,"num":0}]',
    ]) {
      expect(decodePacket(raw)).toBeNull()
    }
  })

  it('backs off exponentially within the bounds and spreads clients by the jitter', () => {
    const plain = [0, 1, 2, 3, 4].map((a) => backoffDelay(a, 1000, 5000, 0, 0.5))
    expect(plain).toEqual([1000, 2000, 4000, 5000, 5000])
    // rand 0.25 -> floor(2.5)=2, even: below the base; rand 0.35 -> 3, odd: above it (then capped).
    expect(backoffDelay(0, 1000, 5000, 0.5, 0.25)).toBe(875)
    expect(backoffDelay(0, 1000, 5000, 0.5, 0.35)).toBe(1175)
    expect(backoffDelay(5, 1000, 5000, 0.5, 0.35)).toBe(5000)
  })
})
