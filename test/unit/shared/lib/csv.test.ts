// The CSV reader against what pandas reads from the same bytes (quotes, embedded newlines, CRLF, BOM).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvRecords } from '../../../../shared/lib/csv';
import { TEST_PYTHON } from '../../../helpers/python';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, embedded delimiters and newlines, CRLF and a BOM', () => {
    const text =
      '\uFEFFid,name,note\r\n1,"Braund, Mr. Owen","said ""hi""\r\nthen left"\r\n2,Cumings,\r\n\r\n3,"",x\r\n';
    const table = parseCsv(text);
    expect(table.header).toEqual(['id', 'name', 'note']);
    expect(table.rows).toEqual([
      ['1', 'Braund, Mr. Owen', 'said "hi"\r\nthen left'],
      ['2', 'Cumings', ''],
      ['3', '', 'x'],
    ]);
    // the same bytes through pandas give the same cells
    const script = `
import sys, io, json, pandas as pd
df = pd.read_csv(io.BytesIO(sys.stdin.buffer.read()), dtype=str, keep_default_na=False)
print(json.dumps([list(df.columns)] + df.values.tolist()))`;
    const viaPandas = JSON.parse(
      execFileSync(TEST_PYTHON, ['-c', script], { input: text, encoding: 'utf8' }),
    ) as string[][];
    expect([table.header, ...table.rows]).toEqual(viaPandas);
  });

  it('accepts LF and lone CR line ends and a missing final newline', () => {
    expect(parseCsvRecords('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsvRecords('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reports unusable files in words', () => {
    expect(() => parseCsv('')).toThrow(new CsvError('the file is empty (no header line)'));
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow('row 1 has 3 fields but the header has 2');
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow('a quoted field is not closed before the end of the file');
  });
});
