import type { RatingField } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import { emptySet, type Bitset } from './bitset';
import type { IndexRows } from './index-rows';
import type { Members } from './page-walk';
import { rangeStrategy, ratingRangeOf, soleRatingRange } from './rating-ranges';
import type { RememberedSets } from './remembered-sets';
import { buildingSet, type SetSources } from './set-builder';
import { pageStrategy, type SortOrders } from './sort-orders';
import type { SearchIndex } from './tokens';
import type { Sliced } from './slices';

/** A list's request as the index is asked it (`readable` null: staff; `terms` folded): what a restarted index warms. */
export interface WarmKey {
  readable: number[] | null;
  filters: ProfileFilters;
  terms: string[];
}

/** One page of a list: sorted on `field`, `limit` rows after `offset`. */
export interface PageAsked {
  field: string;
  descending: boolean;
  offset: number;
  limit: number;
}

/** What a list reads of the index (index.ts): its rows, its orders, the sets a list is made of. */
export interface ListedIndex {
  columns: IndexRows;
  orders: SortOrders;
  sources: SetSources;
}

/**
 * A list's count and, when `sort` is given, the ids of one page sorted on it (`paging`): the list's
 * set and its walk, or, for a staff's rating range, the range's run (`rangeStrategy`).
 */
export function* listing(
  index: ListedIndex,
  readable: number[] | null,
  filters: ProfileFilters,
  terms: string[],
  sort?: PageAsked,
): Sliced<{ count: number; ids?: number[] }> {
  const range = soleRatingRange(readable, filters, terms);
  if (range) {
    const { field, gte, lte } = range;
    const ratings = index.columns.ratings[field];
    const count = ratings.count(index.orders.valued(field)!, gte, lte);
    if (!sort) return { count };
    if (count > pageStrategy.sortBelow && count >= index.columns.count * rangeStrategy.testFromFraction) {
      const { descending, offset, limit } = sort;
      return { count, ids: yield* paging(index, ratings.holds(gte, lte), count, sort.field, descending, offset, limit, filters) };
    }
  }
  const { set, count } = yield* matchingSet(index.sources, readable, filters, terms);
  if (!sort) return { count };
  const { descending, offset, limit } = sort;
  return { count, ids: yield* paging(index, set, count, sort.field, descending, offset, limit, filters) };
}

/**
 * The rows `applyProfileFilters` and the search keep, as a set, and how many they are: set-builder.ts.
 * The request is remembered with its set (`uses` times asked: a warming passes the count it had), as a key to warm.
 */
export function matchingSet(
  sources: SetSources,
  readable: number[] | null,
  filters: ProfileFilters,
  terms: string[],
  uses = 1,
): Sliced<{ set: Bitset; count: number }> {
  const origin: WarmKey = { readable, filters, terms };
  return buildingSet(sources, readable, filters, terms, { origin, uses });
}

/**
 * The ids of one page of `members` sorted on `field` (id as the tie-breaker, missing values as
 * `applyOrdering` places them), or undefined when the index has no order for it; past the middle it
 * walks from the end. `filters`: those the members were made of — a range of the sorted rating
 * bounds the walk to that range's run of its order.
 */
export function* paging(
  index: ListedIndex,
  members: Members,
  total: number,
  field: string,
  descending: boolean,
  offset: number,
  limit: number,
  filters?: ProfileFilters,
): Sliced<number[] | undefined> {
  const within = filters && ratingRangeOf(filters, field);
  return (yield* index.orders.paging(members, total, field, descending, offset, limit, within))?.map(
    (position) => index.columns.ids[position],
  );
}

/** What a list's set is built from, as the index holds it now. */
export function setSources(columns: IndexRows, orders: SortOrders, search: SearchIndex, remembered: RememberedSets): SetSources {
  const { capacity, live, members } = columns;
  // the rows whose rating lies in [gte, lte] (no rating fails both comparisons, as NULL does in SQL)
  const ratingRange = function* (field: RatingField, gte: number, lte: number): Sliced<Bitset> {
    const inside = emptySet(columns.capacity);
    yield* columns.ratings[field].marking(orders.valued(field)!, gte, lte, inside);
    return inside;
  };
  const ratingTest = (field: RatingField, gte: number, lte: number) => columns.ratingTest(field, gte, lte);
  return { capacity, live, members, search, remembered, ratingRange, ratingTest };
}
