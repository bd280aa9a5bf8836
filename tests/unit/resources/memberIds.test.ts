import { describe, expect, it } from 'vitest';
import { idsFromQuery, memberIdsOf, mergeIds, withoutIds } from '../../../resources/shared/memberIds';

describe('member ids', () => {
  it('reads ids from member objects or bare ids', () => {
    expect(memberIdsOf([{ id: 2, name: 'a' }, { id: 5 }])).toEqual([2, 5]);
    expect(memberIdsOf([3, 4])).toEqual([3, 4]);
    expect(memberIdsOf(undefined)).toEqual([]);
  });

  it('merges without duplicates, keeping the current order first', () => {
    expect(mergeIds([2, 5], [3, 5, 3])).toEqual([2, 5, 3]);
  });

  it('removes the given ids only', () => {
    expect(withoutIds([2, 5, 7], [5, 9])).toEqual([2, 7]);
  });

  it('takes the repeated integer id parameters of the address', () => {
    expect(idsFromQuery(new URLSearchParams('id=1&id=12&id=x&other=3'))).toEqual([1, 12]);
  });
});
