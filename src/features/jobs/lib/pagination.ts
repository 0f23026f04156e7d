// Which page buttons the list offers (portal-spec.md §9: 1 boundary page, 1 sibling page), e.g.
// 1 … 4 5 6 … 20. The same rule as MUI's usePagination, so the number of items stays the same (7)
// wherever the current page is, and the buttons do not jump under the pointer.

export type PaginationItem = number | 'start-ellipsis' | 'end-ellipsis'

const range = (start: number, end: number) => Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i)

export function paginationItems(page: number, count: number, boundaryCount = 1, siblingCount = 1): PaginationItem[] {
  if (count < 1) return []
  const startPages = range(1, Math.min(boundaryCount, count))
  const endPages = range(Math.max(count - boundaryCount + 1, boundaryCount + 1), count)
  const siblingsStart = Math.max(Math.min(page - siblingCount, count - boundaryCount - siblingCount * 2 - 1), boundaryCount + 2)
  const siblingsEnd = Math.min(Math.max(page + siblingCount, boundaryCount + siblingCount * 2 + 2), (endPages[0] ?? count + 1) - 2)
  const items: PaginationItem[] = [...startPages]
  if (siblingsStart > boundaryCount + 2) items.push('start-ellipsis')
  else if (boundaryCount + 1 < count - boundaryCount) items.push(boundaryCount + 1)
  items.push(...range(siblingsStart, siblingsEnd))
  if (siblingsEnd < count - boundaryCount - 1) items.push('end-ellipsis')
  else if (count - boundaryCount > boundaryCount) items.push(count - boundaryCount)
  items.push(...endPages)
  return items
}
