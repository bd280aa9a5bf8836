import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  cleanValues,
  emptyValues,
  listEntries,
  missingRequired,
  valuesOfRecord,
  withUserAgent,
} from '../../../resources/shared/fieldValues';
import type { FieldDefinitions } from '../../../resources/shared/fieldValues';

const definitions: FieldDefinitions = {
  url: { label: 'URL', type: 'text', required: true, hidden: false },
  tags: { label: 'Tags', type: 'list', required: true, hidden: false },
  note: { label: 'Note', type: 'text', required: false, hidden: false },
  token: { label: 'Token', type: 'text', required: true, hidden: true },
};

afterEach(() => vi.unstubAllGlobals());

describe('field values of a type definition', () => {
  it('empties every field: text as "", lists as []', () => {
    expect(emptyValues(definitions)).toEqual({ url: '', tags: [], note: '', token: '' });
    expect(emptyValues(undefined)).toEqual({});
  });

  it('starts from a record: defined fields in their shape, hidden ones kept, undefined keys left out', () => {
    expect(valuesOfRecord(definitions, { url: 'u', tags: 'one', token: 't', user_agent: 'UA', gone: 'x' })).toEqual({
      url: 'u',
      tags: ['one'],
      note: '',
      token: 't',
    });
    expect(valuesOfRecord(undefined, { url: 'u', gone: 'x' })).toEqual({ url: 'u', gone: 'x' });
    expect(valuesOfRecord(definitions, { url: ['a', 'b'] })).toMatchObject({ url: 'a, b', tags: [] });
  });

  it('cleans lists of empty lines and trims text', () => {
    expect(cleanValues(definitions, { url: ' u ', tags: ['a', '', ' b ', ''], note: '', extra: ['x', ''] })).toEqual({
      url: 'u',
      tags: ['a', 'b'],
      note: '',
      extra: ['x'],
    });
    fc.assert(
      fc.property(fc.array(fc.string()), (lines) => {
        const cleaned = listEntries(lines);
        expect(cleaned.every((entry) => entry !== '' && entry === entry.trim())).toBe(true);
        expect(listEntries(cleaned)).toEqual(cleaned);
      }),
    );
  });

  it('names the visible required fields left empty, not the hidden ones', () => {
    expect(missingRequired(definitions, emptyValues(definitions))).toEqual(['url', 'tags']);
    expect(missingRequired(definitions, { url: '  ', tags: ['', ' '] })).toEqual(['url', 'tags']);
    expect(missingRequired(definitions, { url: 'u', tags: ['a'] })).toEqual([]);
  });

  it("adds the browser's user agent", () => {
    vi.stubGlobal('navigator', { userAgent: 'TestBrowser/1.0' });
    expect(withUserAgent({ url: 'u', user_agent: 'old' })).toEqual({ url: 'u', user_agent: 'TestBrowser/1.0' });
  });
});
