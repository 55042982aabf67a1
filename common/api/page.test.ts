import { describe, expect, it } from 'vitest'
import { countedPage, feedPage } from './page'

describe('paging envelope', () => {
  it('a feed read one row past its page says that another page follows, without that row', () => {
    expect(feedPage([1, 2, 3], 2)).toEqual({ list: [1, 2], hasMore: true })
    expect(feedPage([1, 2], 2)).toEqual({ list: [1, 2], hasMore: false })
    expect(feedPage([], 2)).toEqual({ list: [], hasMore: false })
  })

  it('a counted page has more while the pages so far hold fewer rows than the total', () => {
    expect(countedPage(['a', 'b'], 5, { page: 1, size: 2 })).toEqual({
      total: 5,
      list: ['a', 'b'],
      hasMore: true,
    })
    expect(countedPage(['e'], 5, { page: 3, size: 2 })).toEqual({ total: 5, list: ['e'], hasMore: false })
    expect(countedPage([], 0, { page: 1, size: 20 })).toEqual({ total: 0, list: [], hasMore: false })
  })
})
