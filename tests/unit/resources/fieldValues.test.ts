import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { cleanValues, emptyValues, listEntries, valuesOfRecord, withUserAgent } from '../../../resources/shared/fieldValues';
import { filled } from '../../../src/admin-kit/form';
import type { FieldDefinitions } from '../../../resources/shared/fieldValues';

const definitions: FieldDefinitions = {
  url: { label: 'URL', type: 'text', required: true, hidden: false },
  tags: { label: 'Tags', type: 'list', required: true, hidden: false },
  note: { label: 'Note', type: 'text', required: false, hidden: false },
  token: { label: 'Token', type: 'text', required: true, hidden: true },
  llm: { label: 'LLM', type: 'connection', category: 'openai_compatible', required: false, hidden: false },
};

afterEach(() => vi.unstubAllGlobals());

describe('field values of a type definition', () => {
  it('empties every field: text as "", lists as []', () => {
    expect(emptyValues(definitions)).toEqual({ url: '', tags: [], note: '', token: '', llm: '' });
    expect(emptyValues(undefined)).toEqual({});
  });

  it('starts from a record: defined fields in their shape, hidden ones kept, undefined keys left out', () => {
    expect(valuesOfRecord(definitions, { url: 'u', tags: 'one', token: 't', llm: '12', user_agent: 'UA', gone: 'x' })).toEqual({
      url: 'u',
      tags: ['one'],
      note: '',
      token: 't',
      llm: '12',
    });
    expect(valuesOfRecord(undefined, { url: 'u', gone: 'x' })).toEqual({ url: 'u', gone: 'x' });
    expect(valuesOfRecord(definitions, { url: ['a', 'b'] })).toMatchObject({ url: 'a, b', tags: [] });
  });

  it('cleans lists of empty lines and trims text; a chosen connection goes as its id in text', () => {
    expect(cleanValues(definitions, { url: ' u ', tags: ['a', '', ' b ', ''], note: null, llm: 12 as never, extra: ['x', ''] })).toEqual({
      url: 'u',
      tags: ['a', 'b'],
      note: '',
      llm: '12',
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

  it('a required field wants more than spaces or empty lines', () => {
    const required = filled();
    for (const empty of ['', '  ', null, undefined, [], ['', ' ']]) expect(required(empty, {}, {})).toBe('ra.validation.required');
    for (const value of ['u', ['', 'a']]) expect(required(value, {}, {})).toBeUndefined();
    expect(filled()).toBe(required);
  });

  it("adds the browser's user agent", () => {
    vi.stubGlobal('navigator', { userAgent: 'TestBrowser/1.0' });
    expect(withUserAgent({ url: 'u', user_agent: 'old' })).toEqual({ url: 'u', user_agent: 'TestBrowser/1.0' });
  });
});
