// Target discovery: the scores an author saw, read from a notebook's saved outputs, ranked, each with what an
// `output` score spec needs (cell, a regex with one capture group that finds the value again, direction). A
// notebook dropped onto nbrevive without a manifest then still has a score to reproduce.
//
// Where candidates come from:
// - printed lines (stream and text/plain): each number with the label before it (`Accuracy: 0.889`,
//   `Ridge RMSE on Test set : 0.1164`, `- val_acc: 0.81`), numpy 2 reprs read as numpy 1 printed them;
// - expression results: a bare number under a cell whose last expression is a scoring call or a variable named
//   like a metric (`accuracy_score(y, p)`, `acc_knn`, `cv_ridge.min()`, `np.sqrt(-scores).mean()`), the name's
//   last assignment read too;
// - tables: a pandas repr (or a simple HTML table) with a column named like a metric.
// How they rank (higher first): a well-known metric name, a cell whose code calls a scoring function, a later
// cell (the last scoring output of a notebook is usually its result), a test/validation/CV label. Penalized:
// progress logs (Keras epochs, XGBoost/LightGBM/CatBoost iterations: only a run's final and "best" lines are
// kept), timestamps, durations, shapes, counts, p-values, seeds and hyperparameters, warnings on stderr, table
// rows repeating a value printed before, and a result computed with randomness that was never seeded (it cannot
// come out the same on a rerun).
import type { Cell, Notebook } from '../models/notebook';
import { cellSource, joinMultiline } from './ipynb';
import { codeOnly, globallySeededCells, unseededRandomCells, versionSensitiveCells } from './randomness';
import { numpyLegacyText, readScore } from './score-output';

export type CandidateOrigin = 'printed' | 'expression' | 'table' | 'log';

export interface TargetCandidate {
  /** 1 = best */
  rank: number;
  /** index in the notebook's `cells` (markdown counted), as score specs count */
  cellIndex: number;
  /** the output line the value is on (as numpy 1 printed it) */
  line: string;
  /** regex with one capture group: with `occurrence` over the cell's text outputs it reads `value` */
  pattern: string;
  occurrence: 'first' | 'last';
  value: number;
  higherIsBetter: boolean;
  /** canonical metric (accuracy, rmse, r2 …, `score` when only the word score says so) */
  metric: string;
  /** the label the metric was read from, for a reader */
  label: string;
  origin: CandidateOrigin;
  /** why it ranks where it does */
  reason: string;
  /** the ranking score (relative; only the order means something) */
  weight: number;
  /** false when the value is only in an HTML table: an `output` score spec cannot read it */
  scoreable: boolean;
}

interface MetricWord {
  metric: string;
  re: RegExp;
  /** null: the name gives no direction (generic "score") */
  higherIsBetter: boolean | null;
  weight: number;
}

// first match wins: specific names before generic ones (roc_auc_score is an AUC, not a "score")
const METRIC_WORDS: readonly MetricWord[] = [
  { metric: 'logloss', re: /\blog ?loss\b|\bcross ?entropy\b|\bnll\b/, higherIsBetter: false, weight: 3 },
  { metric: 'rmsle', re: /\brmsle\b|\broot mean squared? log/, higherIsBetter: false, weight: 3 },
  { metric: 'rmse', re: /\brmse\b|\broot mean squared? error\b|\brms error\b/, higherIsBetter: false, weight: 3 },
  { metric: 'mse', re: /\bmse\b|\bmean squared? error\b/, higherIsBetter: false, weight: 3 },
  { metric: 'mae', re: /\bmae\b|\bmean absolute error\b/, higherIsBetter: false, weight: 3 },
  { metric: 'mape', re: /\bmape\b|\bmean absolute percentage error\b/, higherIsBetter: false, weight: 3 },
  {
    metric: 'r2',
    re: /\br2\b|\br ?\^ ?2\b|r²|\br ?-?squ(ared?)?\b|\bexplained variance\b|\bcoefficient of determination\b/,
    higherIsBetter: true,
    weight: 3,
  },
  { metric: 'auc', re: /\b(roc )?auc\b|\bgini\b/, higherIsBetter: true, weight: 3 },
  { metric: 'f1', re: /\bf1\b|\bf ?-?score\b|\bf ?-?measure\b/, higherIsBetter: true, weight: 3 },
  { metric: 'accuracy', re: /\bacc(uracy)?\b/, higherIsBetter: true, weight: 3 },
  { metric: 'precision', re: /\bprecision\b/, higherIsBetter: true, weight: 2 },
  { metric: 'recall', re: /\brecall\b|\bsensitivity\b/, higherIsBetter: true, weight: 2 },
  { metric: 'kappa', re: /\bkappa\b|\bmcc\b|\bmatthews\b/, higherIsBetter: true, weight: 2 },
  { metric: 'score', re: /\bscores?\b/, higherIsBetter: null, weight: 2 },
  { metric: 'loss', re: /\bloss\b|\berror\b/, higherIsBetter: false, weight: 1.5 },
  { metric: 'cv', re: /\bcv\b|\bcross ?val/, higherIsBetter: null, weight: 1 },
  // statistics an EDA notebook reports: weak, kept for notebooks that print nothing better
  { metric: 'statistic', re: /\bskew(ness)?\b|\bkurt(osis)?\b|\bcorr(elation)?\b/, higherIsBetter: null, weight: 0.5 },
];

/** Words that make a number something other than a score. */
const NOT_A_SCORE: readonly { re: RegExp; why: string; penalty: number }[] = [
  { re: /\bp ?-?val(ue)?s?\b|p>\|[zt]\||\bp ?[<=]/, why: 'a p-value', penalty: 4 },
  { re: /\bseed\b|\brandom state\b/, why: 'a seed', penalty: 4 },
  { re: /\b(time|seconds?|secs?|elapsed|took|duration|wall|cpu times?|ms|minutes?)\b/, why: 'a duration', penalty: 3 },
  {
    re: /\b(shape|size|count|number of|len|rows?|columns?|samples?|features?|observations?|no\.? obs|df (resid|model))\b/,
    why: 'a count or shape',
    penalty: 2,
  },
  {
    re: /\b(alpha|lambda|learning rate|lr|n estimators|max depth|k|c|gamma|n neighbors|degree|l1 ratio)\b\s*[:=]?\s*$/,
    why: 'a hyperparameter',
    penalty: 2.5,
  },
  {
    re: /\b(std|standard deviation|stdev|variance|\+\/-|±)\b\s*[:=]?\s*\(?$/,
    why: 'a spread, not the score',
    penalty: 1.5,
  },
  { re: /\b(iter(ation)?s?|epochs?|rounds?|steps?|folds?)\b\s*[:=#]?\s*$/, why: 'an iteration number', penalty: 3 },
];

const NUMBER = /(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?!\w|\.\d)%?/g;
const CAPTURE = '([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)';
const ANY_NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

const SCORING_CALL =
  /\b\w*_score\s*\(|\.score\s*\(|\bcross_val(_score|idate|_predict)?\s*\(|\b(mean_squared_error|mean_absolute_error|mean_squared_log_error|log_loss|classification_report|confusion_matrix|rmse\w*|rmsle\w*)\s*\(|\.evaluate\s*\(|\bbest_score_\b|\bcv_results_\b/;

const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|\b\d{1,2}:\d{2}:\d{2}\b/;

/** A progress-log line: Keras epochs and steps, XGBoost/LightGBM/CatBoost iterations, tqdm bars. */
const LOG_LINE = [
  /^\s*Epoch \d+\/\d+/,
  /\d+\/\d+ \[[=>.]*\]/,
  /^\s*\d+\/\d+\s*-\s*\d+m?s\b/,
  /^\s*-?\s*\d+m?s\s*-\s*loss:/,
  /^\s*\[\d+\]\s+[\w.-]+-[\w@.-]+:\s*-?[\d.]/, // XGBoost: [99]	train-rmse:0.1	eval-rmse:0.2
  /^\s*\[\d+\]\s+[\w.-]+'s [\w@.-]+:/, // LightGBM: [100]	valid_0's l2: 0.1
  /^\s*\d+:\s+learn:\s/, // CatBoost: 0:	learn: 0.68 test: 0.69 best: 0.69 (0)	total: 5ms
  /\d+%\|[^|]*\|/, // tqdm
  /^\s*(Iteration|Iter|Round|Step)\s*\d+/i,
];

/** A log's line that says which iteration was best: the line after it (LightGBM) or itself counts as final. */
const BEST_MARKER = /best iteration|early stopping|did not meet early stopping|bestTest|best_score/i;

function isLogLine(line: string): boolean {
  return LOG_LINE.some((re) => re.test(line));
}

/** "acc_gaussian" → "acc gaussian", "valAcc" → "val acc": names read as words. */
function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
}

function metricOf(text: string): MetricWord | null {
  const w = words(text);
  for (const m of METRIC_WORDS) if (m.re.test(w)) return m;
  return null;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A literal prefix as a regex: numbers in it match any number, whitespace runs any whitespace. */
function prefixRegex(prefix: string): string {
  let out = '';
  let last = 0;
  for (const m of prefix.matchAll(NUMBER)) {
    out += escapeRegex(prefix.slice(last, m.index)) + ANY_NUMBER + (m[0].endsWith('%') ? '%' : '');
    last = (m.index ?? 0) + m[0].length;
  }
  out += escapeRegex(prefix.slice(last));
  return out.replace(/(\\?\s)+/g, '\\s+').replace(/^(\\s\+)+/, '\\s*');
}

interface TextLine {
  text: string;
  stream: 'stdout' | 'stderr' | 'result';
  /** the output is a cell's expression result (execute_result) */
  result: boolean;
}

function outputLines(cell: Cell): TextLine[] {
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

/** The last statement of a cell (its expression result), joined across continuation lines. */
function lastExpression(source: string): string {
  const lines = codeOnly(source)
    .split('\n')
    .map((l) => l.trimEnd());
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  let expr = lines.pop() ?? '';
  // a multi-line call: pull lines in until the parentheses balance
  const balance = (s: string) => (s.match(/[([{]/g)?.length ?? 0) - (s.match(/[)\]}]/g)?.length ?? 0);
  while (balance(expr) < 0 && lines.length) expr = `${lines.pop()}\n${expr}`;
  return expr.trim();
}

/** The right-hand side of the last assignment to `name` in `sources` (latest cell first), with its cell, or null. */
function lastAssignment(
  name: string,
  sources: readonly string[],
  before?: { cell: number; offset: number },
): { text: string; cell: number; offset: number } | null {
  const re = new RegExp(`^[ \\t]*${escapeRegex(name)}\\s*=(?!=)(.*(?:\\n[ \\t]+.*)*)`, 'gm');
  for (let i = Math.min(sources.length - 1, before?.cell ?? Infinity); i >= 0; i--) {
    const text = i === before?.cell ? (sources[i] as string).slice(0, before.offset) : (sources[i] as string);
    const found = [...text.matchAll(re)].at(-1);
    if (found) return { text: (found[1] as string).trim(), cell: i, offset: found.index ?? 0 };
  }
  return null;
}

interface Context {
  metric: MetricWord | null;
  /** where the metric name was read */
  from: string;
  /** the expression (or its variable's assignment) calls a scoring function */
  scoringCall: boolean;
  /** `.min()` / `.max()` over the values: a direction for a generic name */
  direction: boolean | null;
  /** what repeats when a notebook scores several models the same way (the series, see discoverTargets) */
  series: string;
}

/** What a bare expression result is: the metric named by its expression, its variables' assignments, the comments. */
function expressionContext(cellIndex: number, code: readonly string[], raw: readonly string[]): Context {
  const expr = lastExpression(raw[cellIndex] ?? '');
  const earlier = code.slice(0, cellIndex + 1);
  const names = expr.match(/(?<![.\w])[A-Za-z_]\w*/g) ?? [];
  // one name's value is often built in steps (`cv = [...]`, then `cv = pd.Series(cv)`): follow it back a few
  const rhs: string[] = [];
  for (const name of new Set(names)) {
    let before: { cell: number; offset: number } | undefined;
    for (let hop = 0; hop < 3; hop++) {
      const found = lastAssignment(name, earlier, before);
      if (!found) break;
      rhs.push(found.text);
      if (!new RegExp(`(?<![.\\w])${escapeRegex(name)}(?!\\w)`).test(found.text)) break;
      before = found;
    }
  }
  const direction = /\.min\s*\(\s*\)|\bnp\.min\s*\(|\bmin\s*\(/.test(expr)
    ? false
    : /\.max\s*\(\s*\)|\bnp\.max\s*\(|\bmax\s*\(/.test(expr)
      ? true
      : null;
  const scoringCall = SCORING_CALL.test(expr) || rhs.some((r) => SCORING_CALL.test(r));
  const comments = (raw[cellIndex] ?? '').match(/#.*$/gm)?.join(' ') ?? '';
  let generic: Context | null = null;
  // models scored the same way: the scoring functions called, else the expression with its name suffixes dropped
  const calls = [...`${expr} ${rhs.join(' ')}`.matchAll(/([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1] as string);
  const scoring = [
    ...new Set(calls.filter((n) => /score|error|loss|cross_val|rmse|rmsle|mae|mse|auc|acc/i.test(n))),
  ].sort();
  const series = scoring.length ? scoring.join(',') : expr.replace(/_[A-Za-z0-9]+\b/g, '_');
  for (const [text, from] of [
    [expr, `the expression ${expr.split('\n')[0]!.slice(0, 60)}`],
    ...rhs.map((r) => [r, `the assignment ${r.split('\n')[0]!.slice(0, 60)}`] as const),
    [comments, 'a comment of the cell'],
  ] as const) {
    let metric = metricOf(text);
    if (!metric) continue;
    // np.sqrt over mean squared errors is their root: an RMSE
    if (metric.metric === 'mse' && /\bsqrt\s*\(/.test(expr)) metric = METRIC_WORDS.find((w) => w.metric === 'rmse')!;
    const ctx = { metric, from, scoringCall, direction, series };
    // "cv" or "score" says little: a later source naming the metric itself (rmse_cv, accuracy_score) wins
    if (metric.weight >= 3) return ctx;
    generic ??= ctx;
  }
  return generic ?? { metric: null, from: 'the cell', scoringCall, direction, series };
}

const LOWER_WORDS = /\b(error|loss|rmse|mse|mae|rmsle|mean squared|mean absolute|neg mean|deviance)\b/;

function directionOf(metric: MetricWord, context: string, hint: boolean | null): boolean {
  if (metric.higherIsBetter !== null) return metric.higherIsBetter;
  if (LOWER_WORDS.test(words(context))) return false;
  return hint ?? true;
}

interface Draft {
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

export interface DiscoverOptions {
  /** candidates returned at most (default 10) */
  limit?: number;
}

/** The ranked target candidates of a notebook's saved outputs, best first. */
export function discoverTargets(nb: Notebook, options: DiscoverOptions = {}): TargetCandidate[] {
  const reading = readNotebook(nb);
  const drafts: Draft[] = [];
  nb.cells.forEach((cell, cellIndex) => {
    if (cell.cell_type !== 'code' || !cell.outputs?.length) return;
    drafts.push(...cellDrafts(reading, cell, cellIndex));
  });
  weighBySeries(drafts, reading.lastCode);
  demoteRepeatedTableValues(drafts);
  return rankedCandidates(nb, drafts, options.limit ?? 10);
}

/** What every cell's drafts are weighed against: the code of all cells and what makes a cell's output unsteady. */
interface NotebookReading {
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

function readNotebook(nb: Notebook): NotebookReading {
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
function cellDrafts(notebook: NotebookReading, cell: Cell, cellIndex: number): Draft[] {
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
    const numbers = [...text.matchAll(NUMBER)];
    if (!numbers.length) return;
    const bare = numbers.length === 1 && text.trim() === numbers[0]![0];
    let prevEnd = 0;
    for (const m of numbers) {
      const start = m.index ?? 0;
      const label = text.slice(prevEnd, start);
      const fullLabel = text.slice(0, start);
      prevEnd = start + m[0].length;
      const value = Number(m[0].replace('%', ''));
      if (!Number.isFinite(value)) continue;
      const named =
        bare && l.result
          ? expressionResult(reading)
          : labelledNumber(reading, isLogLine(text), label, fullLabel, numbers[0] !== m);
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
 * "0.11 (0.007)", is a spread and has no label of its own).
 */
function labelledNumber(
  { notebook, cellIndex, callsScoring }: CellReading,
  log: boolean,
  label: string,
  fullLabel: string,
  afterAnother: boolean,
): NumberReading | null {
  const own = label.replace(/[\s:=,;|()[\]-]+/g, '');
  const labelText = own === '' && afterAnother ? '' : own === '' ? fullLabel : label;
  const metric = metricOf(labelText);
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
    if (bad.re.test(lw)) {
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

/**
 * Later cells rank higher: a notebook's last scoring output is usually its result. Within a series (the same
 * printout or scoring call over several models) the first member is the baseline the rest are compared with,
 * and the later ones are the heavier models (boosting, stacking, more packages): the whole series takes the
 * position of its last member, and its members are ordered first to last, so a member that is random or
 * expected to drift gives way to the next one.
 */
function weighBySeries(drafts: Draft[], lastCode: number): void {
  const seriesCells = new Map<string, number[]>();
  for (const d of drafts) {
    const cells = seriesCells.get(d.series) ?? [];
    if (!cells.includes(d.cellIndex)) cells.push(d.cellIndex);
    seriesCells.set(d.series, cells);
  }
  for (const d of drafts) {
    const cells = seriesCells.get(d.series)!;
    d.weight += (2 * Math.max(...cells)) / lastCode;
    if (cells.length > 1) {
      const order = cells.sort((a, b) => a - b).indexOf(d.cellIndex);
      d.weight -= 0.1 * order;
      d.reasons.push(
        order === 0
          ? `the first of ${cells.length} models scored the same way`
          : `model ${order + 1} of ${cells.length} scored the same way`,
      );
    }
  }
}

/** A table row repeating a value printed by an earlier cell is a summary of it: the earlier one is the source. */
function demoteRepeatedTableValues(drafts: Draft[]): void {
  for (const d of drafts) {
    if (d.origin !== 'table') continue;
    const earlier = drafts.find(
      (o) => o !== d && o.origin !== 'table' && o.cellIndex < d.cellIndex && o.value === d.value,
    );
    if (earlier) {
      d.weight -= 1.5;
      d.reasons.push(`repeats the value of cell ${earlier.cellIndex}`);
    }
  }
}

/** The drafts best first, each with the pattern that reads it back, one per cell and pattern, `limit` at most. */
function rankedCandidates(nb: Notebook, drafts: Draft[], limit: number): TargetCandidate[] {
  const candidates: TargetCandidate[] = [];
  // what an output score spec cannot read comes after everything it can
  for (const d of drafts.sort(
    (a, b) => Number(b.scoreable) - Number(a.scoreable) || b.weight - a.weight || b.cellIndex - a.cellIndex,
  )) {
    const spec = d.scoreable
      ? patternFor(nb.cells[d.cellIndex] as Cell, d)
      : { pattern: escapeRegex(d.raw), occurrence: 'last' as const };
    if (!spec) continue;
    if (candidates.some((c) => c.cellIndex === d.cellIndex && c.pattern === spec.pattern)) continue;
    candidates.push({
      rank: candidates.length + 1,
      cellIndex: d.cellIndex,
      line: d.line,
      pattern: spec.pattern,
      occurrence: spec.occurrence,
      value: d.value,
      higherIsBetter: d.higherIsBetter,
      metric: d.metric.metric,
      label: d.label,
      origin: d.origin,
      reason: d.reasons.join('; '),
      weight: Math.round(d.weight * 1000) / 1000,
      scoreable: d.scoreable,
    });
    if (candidates.length >= limit) break;
  }
  return candidates;
}

function displayLabel(metric: MetricWord, bare: boolean, label: string, fullLabel: string): string {
  if (bare) return metric.metric;
  const own = label.replace(/[\s:=,;|()[\]-]+/g, '');
  return (own === '' ? fullLabel : label).trim().replace(/[\s:=]+$/, '') || metric.metric;
}

/**
 * A regex that reads the draft's value back from the cell's text outputs (checked with the score reader itself):
 * the label before the number, then with the rest of the line when the label alone also matches a later line.
 */
function patternFor(cell: Cell, d: Draft): { pattern: string; occurrence: 'first' | 'last' } | null {
  const text = outputLines(cell)
    .map((l) => l.text)
    .join('\n');
  const prefix = d.line.slice(0, d.start);
  const suffix = d.line.slice(d.start + d.raw.length);
  const head = prefix.trim() === '' ? '^\\s*' : prefixRegex(prefix.replace(/^\s+/, ''));
  // the label since the previous number alone ("Pseudo R-squ.:" in a two-column summary) when it is enough
  const own = prefix
    .replace(/^[\s\S]*(?:[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?%?)(?=[^\d]*$)/, '')
    .replace(/^\s+/, '');
  const tries = [
    ...(own !== '' && own !== prefix.replace(/^\s+/, '') && /[A-Za-z]/.test(own)
      ? [`${prefixRegex(own)}${CAPTURE}`]
      : []),
    `${d.row ? '^\\s*' : ''}${head}${CAPTURE}${prefix.trim() === '' ? (suffix.trim() === '' ? '\\s*$' : '') : ''}`,
    `^\\s*${prefixRegex(prefix.replace(/^\s+/, ''))}${CAPTURE}${prefixRegex(suffix.replace(/\s+$/, ''))}\\s*$`,
  ];
  for (const pattern of tries) {
    for (const occurrence of ['last', 'first'] as const) {
      const read = readScore(text, pattern, occurrence);
      if (read.score !== null && read.score === Number(d.raw.replace('%', ''))) return { pattern, occurrence };
    }
  }
  return null;
}
