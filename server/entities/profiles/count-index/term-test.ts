import { has } from './bitset';
import type { RememberedSets, SetTest } from './remembered-sets';
import { tokensOf } from './token-bytes';

/**
 * Whether `pattern` occurs in a document as the token index finds it (token-base.ts, recent-tokens.ts):
 * inside one of its tokens, byte for byte.
 */
export function documentHolds(document: string, pattern: Buffer): boolean {
  for (const token of tokensOf(document)) if (Buffer.from(token).includes(pattern)) return true;
  return false;
}

/** A half of a surrogate pair alone: the string is not well-formed (UTF-8 encodes it as U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The test on a changed row of the remembered rows (under `key`) holding every one of `terms` (a term's
 * own set, or the set of a search of several terms). The index keeps no row's document, only each
 * token's rows: a row whose document changed (or that came or went) is tested on its document now; any
 * other kept its document, so it holds the terms as it did — its bit in the set (needed: a set whose
 * terms' set is gone is dropped). A whole filter with the terms reads that set once it is corrected
 * (`corrected`: the remembered sets correct the sets others read first).
 */
export function termTest(remembered: RememberedSets, key: string, terms: string | string[]): SetTest {
  const holds = [terms].flat().map(documentTest);
  const own = (position: number) => has(remembered.peek(key)!, position);
  return {
    test: (position, { documents }) => {
      if (!documents.has(position)) return own(position);
      const document = documents.get(position);
      return document !== undefined && holds.every((test) => test(document));
    },
    corrected: own,
    needs: [key],
  };
}

/** Whether a document holds `term`, as the token index finds it. */
function documentTest(term: string): (document: string) => boolean {
  const pattern = Buffer.from(term);
  // a term without whitespace occurs in a document exactly when it occurs in one of its tokens, and in
  // well-formed strings a character sequence is found in UTF-16 exactly where it is in UTF-8: one
  // search of the string (a catch-up of a retrieval tests ~500 documents against every term remembered)
  const plain = !/\s/.test(term) && !LONE_SURROGATE.test(term);
  return (document) => (plain && !LONE_SURROGATE.test(document) ? document.includes(term) : documentHolds(document, pattern));
}
