// What a bare expression result is: the metric its cell's last expression names, or the assignments of its
// variables, or the cell's comments; whether it calls a scoring function; which series of models it belongs to.
import { codeOnly } from '../randomness';
import { METRIC_WORDS, metricOf, SCORING_CALL, type MetricWord } from './metric-words';
import { escapeRegex } from './patterns';

/** The last statement of a cell (its expression result), joined across continuation lines. */
export function lastExpression(source: string): string {
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

export interface ExpressionContext {
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
export function expressionContext(
  cellIndex: number,
  code: readonly string[],
  raw: readonly string[],
): ExpressionContext {
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
  let generic: ExpressionContext | null = null;
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
