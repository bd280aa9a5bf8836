import { describe, expect, it } from 'vitest';
import { apiFilterOf, readListQuery, writeListQuery } from '../../../src/admin-kit/list/addressQuery';
import type { ListQuery } from '../../../src/admin-kit/list/types';

const query = (change: Partial<ListQuery> = {}): ListQuery => ({
  page: 1,
  pageSize: 10,
  search: '',
  ordering: '',
  filters: {},
  ...change,
});

describe('list state in the address', () => {
  it('writes page, page_size, search and ordering with the keys sorted', () => {
    const written = writeListQuery(query({ page: 2, search: 'ann', ordering: '-email' }));
    expect(written.toString()).toBe('ordering=-email&page=2&page_size=10&search=ann');
  });

  it('leaves out an empty search and ordering', () => {
    expect(writeListQuery(query({ page: 3 })).toString()).toBe('page=3&page_size=10');
  });

  it('sorts extra filter keys among the others and repeats array values in order', () => {
    const written = writeListQuery(query({ filters: { gender: ['male', 'female'], data_sources: ['2'] } }));
    expect(written.toString()).toBe('data_sources=2&gender=male&gender=female&page=1&page_size=10');
  });

  it('reads back what it wrote', () => {
    const state = query({ page: 4, pageSize: 25, search: 'a b&c', ordering: '-date_joined', filters: { gender: ['x', 'y'] } });
    expect(readListQuery(writeListQuery(state), 'ordering', ['gender'])).toEqual(state);
  });

  it('takes defaults for missing or malformed values', () => {
    expect(readListQuery(new URLSearchParams('page=abc&page_size=-3'))).toEqual(query());
    expect(readListQuery(new URLSearchParams(''))).toEqual(query());
    expect(readListQuery(new URLSearchParams('page=0')).page).toBe(1);
  });

  it('clamps page_size to the API maximum of 100', () => {
    expect(readListQuery(new URLSearchParams('page_size=500')).pageSize).toBe(100);
  });

  it('ignores keys the list did not declare', () => {
    expect(readListQuery(new URLSearchParams('gender=x&page=2'), 'ordering', []).filters).toEqual({});
  });

  it('keeps sort and direction instead of ordering for the profiles style, without page_size', () => {
    const written = writeListQuery(query({ page: 2, ordering: '-tech_rating' }), 'sortDirection');
    expect(written.toString()).toBe('direction=desc&page=2&sort=tech_rating');
    expect(readListQuery(written, 'sortDirection').ordering).toBe('-tech_rating');
    expect(readListQuery(new URLSearchParams('direction=asc&sort=first_name'), 'sortDirection').ordering).toBe('first_name');
  });
});

describe('the filter sent to the dataProvider', () => {
  it('carries search, ordering and the extra keys, and nothing empty', () => {
    expect(apiFilterOf(query({ search: 'ann', ordering: '-email', filters: { gender: ['x'] } }))).toEqual({
      search: 'ann',
      ordering: '-email',
      gender: ['x'],
    });
    expect(apiFilterOf(query())).toEqual({});
  });
});

describe('the address and react-admin list parameters', () => {
  it('turn into each other: search and the extra keys are filters, a leading minus is DESC', async () => {
    const { fromListParams, toListParams } = await import('../../../src/admin-kit/list/addressQuery');
    const address = query({ page: 3, search: 'ann', ordering: '-created_at', filters: { gender: ['female', 'male'] } });
    const params = toListParams(address);
    expect(params).toEqual({
      page: 3,
      perPage: 10,
      sort: 'created_at',
      order: 'DESC',
      filter: { gender: ['female', 'male'], search: 'ann' },
    });
    const back = fromListParams({ page: 3, perPage: 10, sort: { field: params.sort, order: params.order }, filterValues: params.filter }, [
      'gender',
    ]);
    expect(back).toEqual(address);
    expect(toListParams(query()).sort).toBe('');
    expect(
      fromListParams({ page: 1, perPage: 10, sort: { field: '', order: 'ASC' }, filterValues: { other: 'x', gender: 'male' } }, ['gender']),
    ).toEqual(query({ filters: { gender: ['male'] } }));
  });
});
