// A streaming reader of a JSON feed: a top-level array of records, or an object with a
// "profiles" array (its other keys skipped). Fed text in chunks cut anywhere, it gives each
// record's JSON text as soon as the record ends, holding one record at a time, never the whole
// feed. A record is only delimited here (strings, escapes and nesting followed); JSON.parse
// checks it later, so a malformed record fails alone. A break in the structure between records
// fails the feed.
import { ConnectorError } from '../../connector-kit/connector-error';

export type TextRecord = { line: number; text: string } | { line: number; error: string };

/** A record longer than this (in characters) fails alone, unread. */
export const MAX_RECORD_CHARS = 4_000_000;

const NL = 10,
  QUOTE = 34,
  COMMA = 44,
  COLON = 58,
  BACKSLASH = 92;
const LBRACKET = 91,
  RBRACKET = 93,
  LBRACE = 123,
  RBRACE = 125;
const isSpace = (c: number) => c === 32 || c === NL || c === 13 || c === 9 || c === 0xfeff;

// where the reader is: before the feed; in the top-level object (before a key, its colon, its
// value, after a value); in the records' array (before a record, after one); after the end
const START = 0,
  OBJECT_KEY = 1,
  OBJECT_COLON = 2,
  OBJECT_VALUE = 3,
  OBJECT_AFTER = 4,
  ARRAY_VALUE = 5,
  ARRAY_AFTER = 6,
  DONE = 7;
type State =
  | typeof START
  | typeof OBJECT_KEY
  | typeof OBJECT_COLON
  | typeof OBJECT_VALUE
  | typeof OBJECT_AFTER
  | typeof ARRAY_VALUE
  | typeof ARRAY_AFTER
  | typeof DONE;

/** One JSON value being scanned: a record, a key of the top-level object, or a value skipped. */
interface Value {
  purpose: 'record' | 'key' | 'skip';
  line: number;
  depth: number;
  inString: boolean;
  escape: boolean;
  /** a number, true, false or null: it ends before the next delimiter */
  scalar: boolean;
  parts: string[];
  size: number;
}

const describe = (c: number) => (c === NL ? 'a line break' : `"${String.fromCharCode(c)}"`);

export class JsonArrayReader {
  private state: State = START;
  private value: Value | null = null;
  private line = 1;
  /** the records' array is the top-level value (not the "profiles" of an object) */
  private topLevelArray = false;
  private key = '';
  private sawProfiles = false;

  push(chunk: string): TextRecord[] {
    const out: TextRecord[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (this.value) {
        const from = i;
        const end = this.scan(chunk, i);
        if (end < 0) {
          this.keep(chunk, from, chunk.length);
          break;
        }
        this.keep(chunk, from, end);
        this.finishValue(out);
        i = end;
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (c === NL) this.line++;
      if (!isSpace(c)) this.structural(c);
      i++;
    }
    return out;
  }

  /** The end of the feed: nothing may be left open. */
  end(): TextRecord[] {
    if (this.value)
      throw this.broken(
        this.value.purpose === 'record'
          ? `the feed ends inside the record that starts on line ${this.value.line}`
          : 'the feed ends inside a value',
      );
    if (this.state === START) throw this.broken('the feed is empty (expected a JSON array of profiles)');
    if (this.state !== DONE) throw this.broken(`the feed ends before the end of its ${this.topLevelArray ? 'array' : 'object'}`);
    if (!this.topLevelArray && !this.sawProfiles) throw this.broken('the JSON object has no "profiles" list');
    return [];
  }

  private broken(reason: string): ConnectorError {
    return new ConnectorError(`line ${this.line}: ${reason}.`, { type: 'FeedFormatError' });
  }

  /** A character outside any value: the structure of the feed. */
  private structural(c: number): void {
    switch (this.state) {
      case START:
        if (c === LBRACKET) {
          this.topLevelArray = true;
          this.state = ARRAY_VALUE;
          return;
        }
        if (c === LBRACE) {
          this.state = OBJECT_KEY;
          return;
        }
        throw this.broken('the feed must be a JSON array of profiles or an object with a "profiles" list');
      case OBJECT_KEY:
        if (c === QUOTE) {
          this.begin('key', c);
          return;
        }
        if (c === RBRACE) {
          this.state = DONE;
          return;
        }
        break;
      case OBJECT_COLON:
        if (c === COLON) {
          this.state = OBJECT_VALUE;
          return;
        }
        break;
      case OBJECT_VALUE:
        if (this.key === 'profiles' && c === LBRACKET) {
          this.sawProfiles = true;
          this.state = ARRAY_VALUE;
          return;
        }
        if (this.key === 'profiles') throw this.broken('"profiles" must be a list');
        if (c === COMMA || c === RBRACE || c === RBRACKET || c === COLON) break;
        this.begin('skip', c);
        return;
      case OBJECT_AFTER:
        if (c === COMMA) {
          this.state = OBJECT_KEY;
          return;
        }
        if (c === RBRACE) {
          this.state = DONE;
          return;
        }
        break;
      case ARRAY_VALUE:
        if (c === RBRACKET) {
          this.state = this.topLevelArray ? DONE : OBJECT_AFTER;
          return;
        }
        if (c === COMMA || c === RBRACE || c === COLON) break;
        this.begin('record', c);
        return;
      case ARRAY_AFTER:
        if (c === COMMA) {
          this.state = ARRAY_VALUE;
          return;
        }
        if (c === RBRACKET) {
          this.state = this.topLevelArray ? DONE : OBJECT_AFTER;
          return;
        }
        break;
      case DONE:
        throw this.broken(`unexpected ${describe(c)} after the end of the feed`);
    }
    throw this.broken(`unexpected ${describe(c)}`);
  }

  /** A value starts with character `c` (already consumed). */
  private begin(purpose: Value['purpose'], c: number): void {
    const value: Value = { purpose, line: this.line, depth: 0, inString: false, escape: false, scalar: false, parts: [], size: 0 };
    if (c === QUOTE) value.inString = true;
    else if (c === LBRACE || c === LBRACKET) value.depth = 1;
    else value.scalar = true;
    if (purpose !== 'skip') value.parts.push(String.fromCharCode(c));
    value.size = 1;
    this.value = value;
  }

  /** Follows the value from `i`: the index just past its end, or -1 when it goes on past the chunk. */
  private scan(chunk: string, i: number): number {
    const v = this.value!;
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (v.inString) {
        if (v.escape) v.escape = false;
        else if (c === BACKSLASH) v.escape = true;
        else if (c === QUOTE) {
          v.inString = false;
          if (v.depth === 0) return i + 1;
        } else if (c === NL) this.line++; // not valid in a string: JSON.parse says so later
      } else if (v.scalar) {
        if (c === COMMA || c === RBRACKET || c === RBRACE || c === COLON || isSpace(c)) return i; // the delimiter is structure
        if (c === QUOTE || c === LBRACE || c === LBRACKET) return i; // a broken scalar: its record fails, the structure decides the rest
      } else if (c === QUOTE) v.inString = true;
      else if (c === LBRACE || c === LBRACKET) v.depth++;
      else if (c === RBRACE || c === RBRACKET) {
        if (--v.depth === 0) return i + 1;
      } else if (c === NL) this.line++;
    }
    return -1;
  }

  /** Keeps chunk[from, to) of the value (within the size limit). */
  private keep(chunk: string, from: number, to: number): void {
    const v = this.value!;
    v.size += to - from;
    if (v.purpose === 'skip') return;
    if (v.size > MAX_RECORD_CHARS || (v.purpose === 'key' && v.size > 1_000)) v.parts = [];
    else if (to > from) v.parts.push(chunk.slice(from, to));
  }

  private finishValue(out: TextRecord[]): TextRecord[] {
    const v = this.value!;
    this.value = null;
    if (v.purpose === 'record') {
      this.state = ARRAY_AFTER;
      if (v.size > MAX_RECORD_CHARS)
        out.push({ line: v.line, error: `the record is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters.` });
      else out.push({ line: v.line, text: v.parts.join('') });
    } else if (v.purpose === 'key') {
      this.state = OBJECT_COLON;
      try {
        this.key = v.size > 1_000 ? '' : JSON.parse(v.parts.join(''));
      } catch {
        throw this.broken('a key of the JSON object is not a valid string');
      }
    } else this.state = OBJECT_AFTER;
    return out;
  }
}
