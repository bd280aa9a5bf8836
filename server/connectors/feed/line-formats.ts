// Streaming readers of the line-based feed formats: NDJSON (one JSON record a line, blank lines
// ignored) and CSV (RFC 4180: quoted values may hold commas, doubled quotes and line breaks).
// Fed text in chunks cut anywhere, each gives the records complete so far, holding one record
// at a time. A record that cannot be read fails alone, with the line it starts on.
import { MAX_RECORD_CHARS, type TextRecord } from './json-array';

export type CsvRecord = { line: number; cells: string[] } | { line: number; error: string };

const tooLong = `the record is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters.`;

export class NdjsonReader {
  private rest: string[] = [];
  private restSize = 0;
  private line = 0;

  push(chunk: string): TextRecord[] {
    const out: TextRecord[] = [];
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', from);
      if (nl < 0) {
        this.hold(chunk.slice(from));
        return out;
      }
      this.hold(chunk.slice(from, nl));
      this.take(out);
      from = nl + 1;
    }
  }

  end(): TextRecord[] {
    const out: TextRecord[] = [];
    if (this.restSize > 0) this.take(out);
    return out;
  }

  private hold(text: string): void {
    this.restSize += text.length;
    if (this.restSize <= MAX_RECORD_CHARS) this.rest.push(text);
    else this.rest = [];
  }

  private take(out: TextRecord[]): void {
    this.line++;
    if (this.restSize > MAX_RECORD_CHARS) out.push({ line: this.line, error: tooLong });
    else {
      const text = this.rest.join('').trim(); // a \r of CRLF, a byte-order mark
      if (text) out.push({ line: this.line, text });
    }
    this.rest = [];
    this.restSize = 0;
  }
}

const FIELD_START = 0,
  UNQUOTED = 1,
  QUOTED = 2,
  QUOTE_IN_QUOTED = 3;

export class CsvReader {
  private state = FIELD_START;
  private cells: string[] = [];
  private cell: string[] = [];
  private size = 0;
  private line = 1;
  private recordLine = 1;
  private error: string | null = null;

  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      const c = chunk[i];
      switch (this.state) {
        case FIELD_START:
        case UNQUOTED: {
          if (c === '"' && this.state === FIELD_START) {
            this.state = QUOTED;
            i++;
            break;
          }
          // a run of plain characters up to the next comma, line break or (stray, kept) quote
          let end = i;
          while (end < n && chunk[end] !== ',' && chunk[end] !== '\n' && chunk[end] !== '\r') end++;
          if (end > i) {
            this.add(chunk.slice(i, end));
            this.state = UNQUOTED;
            i = end;
            break;
          }
          i = this.delimiter(c, out, i);
          break;
        }
        case QUOTED: {
          const quote = chunk.indexOf('"', i);
          const end = quote < 0 ? n : quote;
          const text = chunk.slice(i, end);
          for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) this.line++;
          this.add(text);
          if (quote >= 0) this.state = QUOTE_IN_QUOTED;
          i = end + (quote >= 0 ? 1 : 0);
          break;
        }
        case QUOTE_IN_QUOTED:
          if (c === '"') {
            this.add('"');
            this.state = QUOTED;
            i++;
          } else if (c === ',' || c === '\n' || c === '\r') i = this.delimiter(c, out, i);
          else {
            this.error ??= 'a quoted value must be followed by a comma or the end of the line.';
            this.state = UNQUOTED;
          }
          break;
      }
    }
    return out;
  }

  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.state === QUOTED) {
      out.push({ line: this.recordLine, error: 'the feed ends inside a quoted value.' });
      this.reset();
    } else if (this.cells.length > 0 || this.cell.length > 0 || this.state !== FIELD_START) this.endRecord(out);
    return out;
  }

  /** A comma, a line break or a carriage return outside quotes, at chunk[i]: the next index. */
  private delimiter(c: string, out: CsvRecord[], i: number): number {
    if (c === ',') this.endCell();
    else if (c === '\n') {
      this.endRecord(out);
      this.line++;
      this.recordLine = this.line;
    } // a \r alone is dropped: \r\n ends the record at its \n
    if (c !== '\r') this.state = FIELD_START;
    return i + 1;
  }

  private add(text: string): void {
    this.size += text.length;
    if (this.size <= MAX_RECORD_CHARS) this.cell.push(text);
  }

  private endCell(): void {
    this.cells.push(this.cell.join(''));
    this.cell = [];
  }

  private endRecord(out: CsvRecord[]): void {
    this.endCell();
    const blank = this.cells.length === 1 && this.cells[0].trim() === '' && this.state !== QUOTE_IN_QUOTED;
    if (this.size > MAX_RECORD_CHARS) out.push({ line: this.recordLine, error: tooLong });
    else if (this.error) out.push({ line: this.recordLine, error: this.error });
    else if (!blank) out.push({ line: this.recordLine, cells: this.cells });
    this.reset();
  }

  private reset(): void {
    this.cells = [];
    this.cell = [];
    this.size = 0;
    this.error = null;
    this.state = FIELD_START;
  }
}
