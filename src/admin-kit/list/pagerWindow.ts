/**
 * The page numbers the pager shows: `radius` pages each side of the current one
 * (SPEC §9: a window of 2), clipped to 1..last. First and Last buttons reach the rest.
 *
 * pagerWindow(5, 10, 2) → [3, 4, 5, 6, 7]; pagerWindow(1, 10, 2) → [1, 2, 3].
 */
export function pagerWindow(current: number, last: number, radius: number): number[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(current, 1), last);
  const from = Math.max(1, page - radius);
  const to = Math.min(last, page + radius);
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** The number of the last page; 1 for an empty list, so that the pager still reads 'page 1'. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
