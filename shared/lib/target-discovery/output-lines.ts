// A cell's saved outputs as target discovery reads them: its text lines (streams and text/plain results, without
// ANSI colours, numpy 2 reprs as numpy 1 printed them) and its simple HTML tables.
import type { Cell } from '../../models/notebook';
import { joinMultiline } from '../ipynb';
import { numpyLegacyText } from '../score-output';

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export interface TextLine {
  text: string;
  stream: 'stdout' | 'stderr' | 'result';
  /** the output is a cell's expression result (execute_result) */
  result: boolean;
}

export function outputLines(cell: Cell): TextLine[] {
  const lines: TextLine[] = [];
  for (const output of cell.outputs ?? []) {
    let text: string | undefined;
    let stream: TextLine['stream'] = 'result';
    if (output.output_type === 'stream' && output.text !== undefined) {
      text = joinMultiline(output.text);
      stream = output.name === 'stderr' ? 'stderr' : 'stdout';
    } else if (output.output_type === 'execute_result' || output.output_type === 'display_data') {
      const plain = output.data?.['text/plain'];
      if (typeof plain === 'string' || Array.isArray(plain)) text = joinMultiline(plain as string | string[]);
    }
    if (!text) continue;
    for (const line of text.replace(ANSI, '').split(/\r\n|\r|\n/)) {
      lines.push({ text: numpyLegacyText(line), stream, result: output.output_type === 'execute_result' });
    }
  }
  return lines;
}

/** Parses `<table>`s into rows of cell texts (header row first): simple tables only, no spans. */
export function parseHtmlTables(html: string): string[][][] {
  const tables: string[][][] = [];
  for (const t of html.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/gi)) {
    const rows: string[][] = [];
    for (const r of (t[1] as string).matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
      const cells = [...(r[1] as string).matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((c) =>
        (c[1] as string)
          .replace(/<[^>]+>/g, '')
          .replace(/&nbsp;/g, ' ')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&')
          .trim(),
      );
      if (cells.length) rows.push(cells);
    }
    if (rows.length) tables.push(rows);
  }
  return tables;
}
