import { describe, expect, it } from 'vitest'
import { paginationItems } from './pagination'

describe('paginationItems (1 boundary page, 1 sibling page)', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 5, [1, 2, 3, 4, 5]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 20, [1, 2, 3, 4, 5, 'end-ellipsis', 20]],
    [4, 20, [1, 2, 3, 4, 5, 'end-ellipsis', 20]],
    [5, 20, [1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 20]],
    [16, 20, [1, 'start-ellipsis', 15, 16, 17, 'end-ellipsis', 20]],
    [17, 20, [1, 'start-ellipsis', 16, 17, 18, 19, 20]],
    [20, 20, [1, 'start-ellipsis', 16, 17, 18, 19, 20]],
  ])('page %i of %i: %j', (page, count, items) => {
    expect(paginationItems(page, count)).toEqual(items)
  })

  it('offers nothing without pages', () => {
    expect(paginationItems(1, 0)).toEqual([])
  })
})
