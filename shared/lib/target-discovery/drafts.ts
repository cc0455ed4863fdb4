// The drafts of a notebook's candidates: each number its cells' outputs show where something names it as a score
// (pandas tables, printed lines, expression results, HTML tables), weighed by its label and by its cell's code.
import type { Cell, Notebook } from '../../models/notebook';
import { cellSource, joinMultiline } from '../ipynb';
import { codeOnly, globallySeededCells, unseededRandomCells, versionSensitiveCells } from '../randomness';
import { expressionContext, lastExpression } from './expressions';
import {
  BEST_MARKER,
  directionOf,
  isLogLine,
  METRIC_WORDS,
  metricOf,
  NOT_A_SCORE,
  SCORING_CALL,
  TIMESTAMP,
  words,
  type MetricWord,
} from './metric-words';
import { outputLines, parseHtmlTables, type TextLine } from './output-lines';
import { NUMBER } from './patterns';

export type CandidateOrigin = 'printed' | 'expression' | 'table' | 'log';

export interface Draft {
  cellIndex: number;
  line: string;
  /** index of the line among the cell's text lines */
  lineIndex: number;
  start: number;
  raw: string;
  value: number;
  label: string;
  metric: MetricWord;
  higherIsBetter: boolean;
  origin: CandidateOrigin;
  weight: number;
  reasons: string[];
  scoreable: boolean;
  /** a pandas table column: the regex must name the row */
  row?: boolean;
  /** candidates of one series score several models the same way (same printout or same scoring call) */
  series: string;
}

/** What every cell's drafts are weighed against: the code of all cells and what makes a cell's output unsteady. */
export interface NotebookReading {
  /** each cell's source ('' for a non-code cell) */
  raw: string[];
  /** the code alone (codeOnly) */
  code: string[];
  /** what names a value: the code with its strings (scoring='neg_mean_squared_error') but without comments */
  plain: string[];
  random: ReturnType<typeof unseededRandomCells>;
  sensitive: ReturnType<typeof versionSensitiveCells>;
  globalSeed: ReturnType<typeof globallySeededCells>;
  /** the last code cell with outputs (1 at least): where the latest outputs stand */
  lastCode: number;
}

export function readNotebook(nb: Notebook): NotebookReading {
  const raw = nb.cells.map((c) => (c.cell_type === 'code' ? cellSource(c) : ''));
  return {
    raw,
    code: raw.map(codeOnly),
    plain: raw.map((s) => s.replace(/(^|\s)#.*$/gm, '$1')),
    random: unseededRandomCells(nb),
    sensitive: versionSensitiveCells(nb),
    globalSeed: globallySeededCells(nb),
    lastCode:
      nb.cells.reduce((last, c, i) => (c.cell_type === 'code' && (c.outputs?.length ?? 0) > 0 ? i : last), 0) || 1,
  };
}

/** One cell's outputs being read: its text lines, and where each draft found in them goes. */
interface CellReading {
  notebook: NotebookReading;
  cell: Cell;
  cellIndex: number;
  lines: TextLine[];
  callsScoring: boolean;
  /** weighs a draft by what the cell's code says about it (scoring call, randomness, drift) and keeps it */
  add: (d: Omit<Draft, 'series'> & { series?: string }, scoring?: boolean) => void;
}

/** The drafts of one code cell's outputs: pandas tables, printed numbers and expression results, HTML tables. */
export function cellDrafts(notebook: NotebookReading, cell: Cell, cellIndex: number): Draft[] {
  const drafts: Draft[] = [];
  const callsScoring = SCORING_CALL.test(notebook.code[cellIndex] ?? '');
  const add: CellReading['add'] = (d, scoring = callsScoring) => {
    weighByCell(notebook, cellIndex, d, scoring);
    drafts.push({ ...d, series: `${d.metric.metric}|${d.origin}|${d.series ?? words(d.label)}` });
  };
  const reading: CellReading = { notebook, cell, cellIndex, lines: outputLines(cell), callsScoring, add };
  const tableRows = pandasTableDrafts(reading);
  printedDrafts(reading, tableRows);
  htmlTableDrafts(reading);
  return drafts;
}

/** What the cell's code says about any number it printed: a scoring call, randomness, expected drift. */
function weighByCell(notebook: NotebookReading, cellIndex: number, d: Omit<Draft, 'series'>, scoring: boolean): void {
  if (scoring) {
    d.weight += 1.5;
    d.reasons.push('its cell calls a scoring function');
  }
  const why = notebook.random.get(cellIndex);
  if (why) {
    d.weight -= 2;
    d.reasons.push(`random without a seed (${why}): a rerun may differ`);
  } else if (notebook.globalSeed.has(cellIndex)) {
    d.weight -= 1;
    d.reasons.push(`seeded only globally (${notebook.globalSeed.get(cellIndex)})`);
  }
  const drift = notebook.sensitive.get(cellIndex);
  if (drift) {
    d.weight -= 1.5;
    d.reasons.push(`expected to drift today: ${drift}`);
  }
  if (!/[.eE]/.test(d.raw)) {
    d.weight -= 2;
    d.reasons.push('an integer (a count?)');
  }
  if (d.metric.metric === 'accuracy' && (d.value < 0 || d.value > 100)) d.weight -= 3;
}

/** Pandas tables: a header line naming a metric column, rows right-aligned under it. Returns the rows' lines. */
function pandasTableDrafts({ notebook, cellIndex, lines, add }: CellReading): Set<number> {
  const tableRows = new Set<number>();
  lines.forEach((header, h) => {
    if (header.stream !== 'result') return;
    const cols = [...header.text.matchAll(/\S+/g)];
    if (cols.length < 1 || cols.some((c) => /^[-+]?[\d.]+%?$/.test(c[0]))) return;
    for (const col of cols) {
      const metric = metricOf(col[0]);
      if (!metric) continue;
      const end = (col.index ?? 0) + col[0].length;
      for (let r = h + 1; r < lines.length && lines[r]!.stream === 'result' && lines[r]!.text.trim() !== ''; r++) {
        const row = lines[r]!.text;
        const num = [...row.matchAll(NUMBER)].find((m) => (m.index ?? 0) + m[0].length === end);
        if (!num) continue;
        tableRows.add(r);
        const rowLabel = row.slice(0, num.index).replace(NUMBER, '').trim() || row.trim().split(/\s+/)[0]!;
        add({
          cellIndex,
          line: row,
          lineIndex: r,
          start: num.index ?? 0,
          raw: num[0],
          value: Number(num[0].replace('%', '')),
          label: `${col[0]} of ${rowLabel}`,
          metric,
          higherIsBetter: directionOf(metric, col[0] + ' ' + (notebook.code[cellIndex] ?? ''), null),
          origin: 'table',
          weight: metric.weight + 0.5,
          reasons: [`column ${col[0]} of a table`],
          scoreable: true,
          row: true,
        });
      }
    }
  });
  return tableRows;
}

/** Progress logs: only a run's final line and the lines a "best iteration" marker points at are candidates. */
function logLinesKept(lines: readonly TextLine[]): boolean[] {
  return lines.map((l, i) => {
    if (!isLogLine(l.text)) return true;
    if (i > 0 && BEST_MARKER.test(lines[i - 1]!.text)) return true;
    const next = lines.slice(i + 1).find((n) => n.text.trim() !== '');
    return !next || !isLogLine(next.text);
  });
}

/** How a number on a line is named, weighed and grouped before the cell's own weighing (weighByCell). */
interface NumberReading {
  metric: MetricWord;
  origin: CandidateOrigin;
  weight: number;
  reasons: string[];
  higherIsBetter: boolean;
  series: string | undefined;
  scoringCall: boolean;
}

/** The numbers printed on the cell's lines (outside pandas tables), each named by its label or its expression. */
function printedDrafts(reading: CellReading, tableRows: ReadonlySet<number>): void {
  const { cellIndex, lines, add } = reading;
  const keep = logLinesKept(lines);
  lines.forEach((l, lineIndex) => {
    if (!keep[lineIndex] || tableRows.has(lineIndex)) return;
    const text = l.text;
    // the 2 of "R^2" names the metric, it is not a value
    const numbers = [...text.matchAll(NUMBER)].filter((m) => text[(m.index ?? 0) - 1] !== '^');
    if (!numbers.length) return;
    const bare = numbers.length === 1 && text.trim() === numbers[0]![0];
    let prevEnd = 0;
    let countsBefore = true;
    const firstStart = numbers[0]!.index ?? 0;
    for (const m of numbers) {
      const start = m.index ?? 0;
      const label = text.slice(prevEnd, start);
      const fullLabel = text.slice(0, start);
      prevEnd = start + m[0].length;
      const value = Number(m[0].replace('%', ''));
      const afterCounts = countsBefore && numbers[0] !== m;
      countsBefore &&= !/[.eE%]/.test(m[0]);
      if (!Number.isFinite(value)) continue;
      const named =
        bare && l.result
          ? expressionResult(reading)
          : labelledNumber(reading, isLogLine(text), label, fullLabel, numbers[0] !== m, afterCounts, firstStart);
      if (!named) continue;
      const { metric, origin, reasons } = named;
      let weight = named.weight;
      if (origin === 'log') {
        weight -= 1;
        reasons.push('the final line of a progress log');
      }
      if (l.stream === 'stderr') {
        weight -= 1.5;
        reasons.push('on stderr');
      }
      if (TIMESTAMP.test(text)) {
        weight -= 2;
        reasons.push('a line with a timestamp');
      }
      add(
        {
          cellIndex,
          line: text,
          lineIndex,
          start,
          raw: m[0],
          value,
          label: displayLabel(metric, bare, label, fullLabel),
          metric,
          higherIsBetter: named.higherIsBetter,
          origin,
          weight,
          reasons,
          scoreable: true,
          ...(named.series !== undefined ? { series: named.series } : {}),
        },
        named.scoringCall,
      );
    }
  });
}

/** A cell's bare expression result, named by its expression, its variables' assignments or its comments. */
function expressionResult({ notebook, cellIndex, callsScoring }: CellReading): NumberReading | null {
  const ctx = expressionContext(cellIndex, notebook.plain, notebook.raw);
  if (!ctx.metric && !ctx.scoringCall) return null;
  const metric = ctx.metric ?? METRIC_WORDS.find((w) => w.metric === 'score')!;
  const reasons: string[] = [];
  if (ctx.scoringCall) reasons.push('the result of a scoring call');
  reasons.push(`named by ${ctx.from}`);
  return {
    metric,
    origin: 'expression',
    weight: metric.weight + 0.5,
    reasons,
    higherIsBetter: directionOf(
      metric,
      `${lastExpression(notebook.raw[cellIndex] ?? '')} ${notebook.code[cellIndex]}`,
      ctx.direction,
    ),
    series: ctx.series,
    scoringCall: ctx.scoringCall || callsScoring,
  };
}

/**
 * A number named by the label printed before it (since the previous number; a number right after another one,
 * "0.11 (0.007)", is a spread and has no label of its own). After counts only ("RMSE on 5 folds: 0.1234"), a label
 * that names no metric is read from the line's start.
 */
function labelledNumber(
  { notebook, cellIndex, callsScoring }: CellReading,
  log: boolean,
  label: string,
  fullLabel: string,
  afterAnother: boolean,
  afterCounts: boolean,
  firstStart: number,
): NumberReading | null {
  const own = label.replace(/[\s:=,;|()[\]-]+/g, '');
  let labelText = own === '' && afterAnother ? '' : own === '' ? fullLabel : label;
  let metric = metricOf(labelText);
  // "RMSE on 5 folds:": the words after the counts ("folds", "samples") are theirs, not this number's
  let judged = labelText;
  if (!metric && afterCounts && own !== '') {
    labelText = fullLabel;
    judged = fullLabel.slice(0, firstStart);
    metric = metricOf(labelText);
  }
  if (!metric) return null;
  let weight = metric.weight;
  const reasons = [`printed as ${JSON.stringify(labelText.trim().slice(0, 40))}`];
  const lw = words(labelText);
  // "Ridge RMSE on Test set :" and "Lasso RMSE on Test set :" are one series: the label from its metric word on
  const at = lw.search(metric.re);
  const series =
    at >= 0
      ? lw
          .slice(at)
          .replace(/[\d.]+/g, '#')
          .trim()
      : lw;
  for (const bad of NOT_A_SCORE) {
    if (bad.re.test(words(judged))) {
      weight -= bad.penalty;
      reasons.push(`looks like ${bad.why}`);
    }
  }
  if (/\b(test|val(id(ation)?)?|holdout|hold out|cv|cross ?val\w*|oof|out of fold)\b/.test(lw)) weight += 0.5;
  if (/\bbest\b/.test(lw)) weight += 0.3;
  return {
    metric,
    origin: log ? 'log' : 'printed',
    weight,
    reasons,
    higherIsBetter: directionOf(metric, labelText + ' ' + (notebook.code[cellIndex] ?? ''), null),
    series,
    scoringCall: callsScoring,
  };
}

/** HTML-only tables (a Styler, an HTML display): read for a reader; an output score spec cannot read them. */
function htmlTableDrafts({ cell, cellIndex, add }: CellReading): void {
  for (const output of cell.outputs ?? []) {
    const html = output.data?.['text/html'];
    if (
      html === undefined ||
      (output.data?.['text/plain'] !== undefined &&
        !/<IPython|Styler/.test(joinMultiline(output.data['text/plain'] as string | string[])))
    )
      continue;
    for (const table of parseHtmlTables(joinMultiline(html as string | string[]))) {
      const header = table[0] ?? [];
      header.forEach((name, c) => {
        const metric = metricOf(name);
        if (!metric) return;
        for (const row of table.slice(1)) {
          const cellText = row[c] ?? '';
          if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?%?$/.test(cellText)) continue;
          add({
            cellIndex,
            line: row.join(' '),
            lineIndex: -1,
            start: 0,
            raw: cellText,
            value: Number(cellText.replace('%', '')),
            label: `${name} of ${row[0] ?? ''}`,
            metric,
            higherIsBetter: directionOf(metric, name, null),
            origin: 'table',
            weight: metric.weight - 1,
            reasons: [`column ${name} of an HTML table (no text form: an output score spec cannot read it)`],
            scoreable: false,
          });
        }
      });
    }
  }
}

function displayLabel(metric: MetricWord, bare: boolean, label: string, fullLabel: string): string {
  if (bare) return metric.metric;
  const own = label.replace(/[\s:=,;|()[\]-]+/g, '');
  return (own === '' ? fullLabel : label).trim().replace(/[\s:=]+$/, '') || metric.metric;
}
