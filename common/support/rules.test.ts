import { describe, expect, it } from 'vitest'
import { canReopen, matchScore, nextTicketStatus, searchTerms, ticketNumber } from './rules'

const DAY = 86_400_000

describe('ticket rules', () => {
  it('lets a closed ticket be reopened for 7 days only', () => {
    const closed = 1_000_000_000_000
    expect(canReopen('closed', closed, closed + 6 * DAY)).toBe(true)
    expect(canReopen('closed', closed, closed + 7 * DAY)).toBe(false)
    expect(canReopen('answered', null, closed)).toBe(false)
    expect(nextTicketStatus('closed', 'reopen', closed, closed + DAY)).toBe('open')
    expect(nextTicketStatus('closed', 'reopen', closed, closed + 8 * DAY)).toBeNull()
  })

  it('moves open -> answered -> open -> closed and refuses replies on closed tickets', () => {
    expect(nextTicketStatus('open', 'staffReply', null, 0)).toBe('answered')
    expect(nextTicketStatus('answered', 'userReply', null, 0)).toBe('open')
    expect(nextTicketStatus('answered', 'close', null, 0)).toBe('closed')
    expect(nextTicketStatus('closed', 'userReply', 1, 2)).toBeNull()
    expect(nextTicketStatus('closed', 'staffReply', 1, 2)).toBeNull()
    expect(nextTicketStatus('closed', 'close', 1, 2)).toBeNull()
  })

  it('numbers tickets by UTC date and id', () => {
    expect(ticketNumber('42', new Date('2026-11-23T23:59:00Z'))).toBe('W20261123000042')
  })
})

describe('quick answer search terms', () => {
  it('keeps meaningful words and drops filler', () => {
    expect(searchTerms('How do I withdraw USDT to my wallet?')).toEqual(['withdraw', 'usdt', 'wallet'])
    expect(searchTerms('  ')).toEqual([])
  })

  it('cuts CJK runs into pairs', () => {
    expect(searchTerms('提現多久')).toEqual(['提現', '現多', '多久'])
  })

  it('scores title hits above body hits', () => {
    const terms = ['withdraw', 'fee']
    expect(matchScore(terms, 'How to withdraw', 'The fee is shown')).toBe(4)
    expect(matchScore(terms, 'Deposits', 'nothing')).toBe(0)
  })
})
