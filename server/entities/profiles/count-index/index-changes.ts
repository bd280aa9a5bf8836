import { has } from './bitset';
import { GROWTH, type IndexedProfile, type IndexRows } from './index-rows';
import type { RememberedSets } from './remembered-sets';
import type { SortOrders } from './sort-orders';
import type { SearchIndex } from './tokens';
import type { Sliced } from './slices';

/** One profile's change, as the journal gives it: its state now (undefined: deleted). */
export interface ProfileChange {
  id: number;
  profile?: IndexedProfile;
  /** its folded search document, and whether that changed */
  search_text?: string;
  searchChanged: boolean;
  /**
   * For each sort field compared by the database (names: its collation
   * decides): the id of the row right before this one in ascending order, null
   * when it comes first, undefined when its value is missing.
   */
  previous: Record<string, number | null | undefined>;
}

/** What a change moves in the index (index.ts: its own fields, and how it grows). */
export interface ChangedIndex {
  columns: IndexRows;
  orders: SortOrders;
  search: SearchIndex;
  remembered: RememberedSets;
  /** a position for a new id (the arrays grow when full) */
  newPosition(id: number): number;
  /** room for `capacity` rows, in slices */
  growing(capacity: number): Sliced<void>;
}

/**
 * Applies `changes` to the index, to be run whole or in slices (within the index's write). Every
 * changed row leaves every order first; then each goes back where it belongs (numbers compared here,
 * names after the row the database puts before it: rows placed in the order of their predecessors).
 * Answers false when a predecessor is unknown (the index no longer matches the table: rebuild).
 */
export function* applyingChanges(index: ChangedIndex, changes: ProfileChange[]): Sliced<boolean> {
  const placed: { position: number; previous: ProfileChange['previous'] }[] = [];
  // the index grows (if it must) before the changes, in slices, rather than at the row that fills it
  let added = 0;
  const { columns } = index;
  const changed: number[] = [];
  // the new documents (undefined: gone) of the rows whose document changed: the search's and the term sets' tests
  const documents = new Map<number, string | undefined>();
  for (let i = 0; i < changes.length; i++) if (changes[i].profile && columns.positions.get(changes[i].id) === undefined) added++;
  if (columns.used + added > columns.capacity) yield* index.growing(Math.max(columns.used + added, Math.ceil(columns.capacity * GROWTH)));
  for (let i = 0; i < changes.length; i++) {
    if ((i & 7) === 7) yield;
    const change = changes[i];
    const known = columns.positions.get(change.id);
    const wasLive = known !== undefined && has(columns.live, known);
    if (known !== undefined) changed.push(known);
    if (wasLive) {
      columns.detach(known);
      // the numbers still hold the row's old values: numeric orders find it by them
      index.orders.remove(known);
    }
    if (!change.profile) {
      if (known !== undefined) documents.set(known, undefined);
      continue;
    }
    const position = known ?? index.newPosition(change.id);
    if (known === undefined) changed.push(position);
    columns.set(position, change.profile);
    if (change.searchChanged || !wasLive) documents.set(position, change.search_text ?? '');
    placed.push({ position, previous: change.previous });
  }
  for (const [position, document] of documents) index.search.set(position, document);
  // the remembered sets follow: each changed row's bit by its set's test
  yield* index.remembered.correcting({ positions: changed, documents });
  return yield* index.orders.placing(placed);
}
