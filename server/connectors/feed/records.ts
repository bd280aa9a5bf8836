// From a feed's text to people in the import format (docs/IMPORT_FORMAT.md): the records of each
// format in order (what a retrieval counts, and skips on a retry without reading them), then
// each record read and checked on its own, its failure naming its line.
import { LIST_FIELDS, TEXT_FIELDS, readImportProfile } from '../../connector-kit/import-format';
import { ConnectorError } from '../../connector-kit/connector-error';
import type { SourceItem } from '../types';
import { JsonArrayReader, type TextRecord } from './json-array';
import { CsvReader, NdjsonReader, type CsvRecord } from './line-formats';

export const FEED_FORMATS = ['json', 'ndjson', 'csv'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** A record as delimited, not yet read. */
export type RawRecord = TextRecord | { line: number; cells: string[]; columns: (string | null)[] };

/** CSV list columns that may also be written "a; b; c" (names only). */
const NAME_LISTS = new Set(['skills', 'courses', 'languages']);
const CSV_COLUMNS = new Set<string>(['external_id', ...TEXT_FIELDS, ...LIST_FIELDS]);

/** The records of a feed, in order, as its text arrives. */
export async function* feedRecords(format: FeedFormat, body: AsyncIterable<string>): AsyncGenerator<RawRecord> {
  if (format === 'csv') return yield* csvRecords(body);
  const reader = format === 'json' ? new JsonArrayReader() : new NdjsonReader();
  for await (const chunk of body) yield* reader.push(chunk);
  yield* reader.end();
}

async function* csvRecords(body: AsyncIterable<string>): AsyncGenerator<RawRecord> {
  const reader = new CsvReader();
  let columns: (string | null)[] | undefined;
  const withColumns = function* (records: CsvRecord[]): Generator<RawRecord> {
    for (const record of records) {
      if (columns) yield 'cells' in record ? { ...record, columns } : record;
      else columns = csvColumns(record);
    }
  };
  for await (const chunk of body) yield* withColumns(reader.push(chunk));
  yield* withColumns(reader.end());
}

/** The header row: each column's import-format field (null: not one, ignored). */
export function csvColumns(header: CsvRecord): (string | null)[] {
  const fail = (reason: string) => new ConnectorError(`line ${header.line}: ${reason}`, { type: 'FeedFormatError' });
  if ('error' in header) throw fail(`the CSV header cannot be read: ${header.error}`);
  const columns = header.cells.map((name) =>
    name
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const repeated = columns.filter((name, i) => CSV_COLUMNS.has(name) && columns.indexOf(name) !== i);
  if (repeated.length) throw fail(`the CSV header repeats ${[...new Set(repeated)].join(', ')}.`);
  if (!columns.includes('external_id'))
    throw fail(`the CSV header has no external_id column (it has: ${columns.join(', ').slice(0, 300)}).`);
  return columns.map((name) => (CSV_COLUMNS.has(name) ? name : null));
}

class RowError extends Error {}

/** A CSV row as a record of the import format: list columns read as JSON lists (or "a; b" names). */
export function csvObject(columns: (string | null)[], cells: string[]): Record<string, unknown> {
  if (cells.length !== columns.length) throw new RowError(`${cells.length} values for the header's ${columns.length} columns.`);
  const record: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    if (!column) return;
    const cell = cells[i];
    if (!(LIST_FIELDS as readonly string[]).includes(column)) {
      record[column] = cell;
      return;
    }
    const text = cell.trim();
    if (!text) return;
    if (text.startsWith('[')) {
      try {
        record[column] = JSON.parse(text);
      } catch (error) {
        throw new RowError(`${column}: not a valid JSON list (${(error as Error).message.slice(0, 200)}).`);
      }
    } else if (NAME_LISTS.has(column)) {
      record[column] = text
        .split(';')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => ({ name }));
    } else throw new RowError(`${column}: must be a JSON list such as [{…}].`);
  });
  return record;
}

/** One record read and checked: a person, or why not (its line named). */
export function itemOf(record: RawRecord): SourceItem {
  const failed = (reason: string) => ({ error: `line ${record.line}: ${reason}` });
  if ('error' in record) return failed(record.error);
  let raw: unknown;
  try {
    raw = 'text' in record ? JSON.parse(record.text) : csvObject(record.columns, record.cells);
  } catch (error) {
    if (error instanceof RowError) return failed(error.message);
    return failed(`not valid JSON (${(error as Error).message.slice(0, 200)}).`);
  }
  const read = readImportProfile(raw);
  return 'error' in read ? failed(read.error) : read;
}

/**
 * The format of a feed whose data source does not say: a specific media type, then the
 * extension of the URL's path, then JSON's media type; else undefined.
 */
export function guessFormat(contentType: string, url: URL): FeedFormat | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (
    ['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/jsonlines'].includes(type)
  )
    return 'ndjson';
  if (['text/csv', 'application/csv', 'text/comma-separated-values'].includes(type)) return 'csv';
  const extension = /\.([a-z]+)$/i.exec(url.pathname)?.[1].toLowerCase();
  if (extension === 'json') return 'json';
  if (extension === 'ndjson' || extension === 'jsonl') return 'ndjson';
  if (extension === 'csv') return 'csv';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  return undefined;
}
