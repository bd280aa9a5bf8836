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

/**
 * The test on a changed row of a term's remembered rows (under `key`), for that set and for a whole
 * filter with the term. The index keeps no row's document, only each token's rows: a row whose
 * document changed (or that came or went) is tested on its document now; any other kept its
 * document, so it holds the term as it did — its bit in the term's remembered set (needed: a set
 * whose term's set is gone is dropped).
 */
export function termTest(remembered: RememberedSets, key: string, term: string): SetTest {
  const pattern = Buffer.from(term);
  return {
    test: (position, { documents }) => {
      if (!documents.has(position)) return has(remembered.peek(key)!, position);
      const document = documents.get(position);
      return document !== undefined && documentHolds(document, pattern);
    },
    needs: [key],
  };
}
