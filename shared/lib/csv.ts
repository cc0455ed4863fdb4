// A small RFC 4180 CSV reader for submission and answer files: quoted fields (with "" escapes and embedded
// newlines), LF / CRLF / CR line ends, a UTF-8 byte-order mark. Pure, so the same parser serves main and renderer.

export interface CsvTable {
  header: string[];
  /** data rows, each as the raw field strings (not trimmed, not converted) */
  rows: string[][];
}

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

/** Splits CSV text into records of fields. Blank lines are skipped, as pandas does by default. */
export function parseCsvRecords(text: string, delimiter = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted field
  let fieldStarted = false; // the current record has content (so a lone line end is a blank line, not a record)
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;

  const endField = (): void => {
    record.push(field);
    field = '';
  };
  const endRecord = (): void => {
    endField();
    if (fieldStarted) records.push(record);
    record = [];
    fieldStarted = false;
  };

  while (i < n) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (ch === delimiter) {
      fieldStarted = true;
      endField();
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      fieldStarted = true;
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new CsvError('a quoted field is not closed before the end of the file');
  endRecord();
  return records;
}

/** Parses CSV text whose first record is the header. Throws CsvError when there is no header or a row is ragged. */
export function parseCsv(text: string, delimiter = ','): CsvTable {
  const records = parseCsvRecords(text, delimiter);
  const header = records[0];
  if (!header) throw new CsvError('the file is empty (no header line)');
  const rows = records.slice(1);
  rows.forEach((row, k) => {
    if (row.length !== header.length) {
      throw new CsvError(`row ${k + 1} has ${row.length} fields but the header has ${header.length}`);
    }
  });
  return { header: header.map((h) => h.trim()), rows };
}
