// Grading a submission file against an answers file with a built-in metric (score spec `submission`): rows are
// joined on the id column (or taken in order), the target columns compared, and every way a file can be unusable
// turned into a note a reader understands. Pure: the caller reads the files.
import type { Metric } from '../models/case';
import type { CsvTable } from './csv';
import {
  accuracy,
  f1,
  type Label,
  logLossBinary,
  logLossMulticlass,
  mae,
  MetricError,
  rmse,
  rmsle,
  rocAuc,
} from './metrics';
import { parseDecimal, type ScoreReading } from './score-output';
import { sampleMean as mean } from './statistics';

export interface SubmissionGradeRequest {
  submission: CsvTable;
  answers: CsvTable;
  metric: Metric;
  idColumn?: string;
  /** answer columns to grade; default: every column of the answers except the id column */
  targetColumns?: string[];
  /** file names used in notes */
  submissionName?: string;
  answersName?: string;
}

/** A note for the reader: why the file cannot be graded. */
class GradeNote extends Error {}

function normalizeLabel(raw: string): Label {
  const s = raw.trim();
  const n = parseDecimal(s);
  if (!Number.isNaN(n)) return n;
  // pandas writes bool columns as True/False; sklearn compares them as 1/0
  if (s === 'True' || s === 'true') return 1;
  if (s === 'False' || s === 'false') return 0;
  return s;
}

function normalizeId(raw: string): string {
  const s = raw.trim();
  const n = parseDecimal(s);
  // 892 and 892.0 name the same row (a float id column written by pandas)
  return Number.isNaN(n) ? s : `#${n}`;
}

function columnIndex(table: CsvTable, column: string, fileName: string): number {
  const i = table.header.indexOf(column);
  if (i < 0) throw new GradeNote(`${fileName} has no column "${column}" (columns: ${table.header.join(', ')})`);
  return i;
}

function numbers(values: readonly string[], column: string, fileName: string): number[] {
  return values.map((raw, row) => {
    const label = normalizeLabel(raw);
    if (typeof label !== 'number') {
      throw new GradeNote(`${fileName} column "${column}" row ${row + 1}: ${JSON.stringify(raw)} is not a number`);
    }
    return label;
  });
}

/** Row order of the submission that lines up with the answers: joined on the id column, or in file order. */
function alignRows(req: SubmissionGradeRequest, sub: string, ans: string): number[] {
  const { submission, answers, idColumn } = req;
  if (!idColumn) {
    if (submission.rows.length !== answers.rows.length) {
      throw new GradeNote(`${sub} has ${submission.rows.length} rows but ${ans} has ${answers.rows.length}`);
    }
    return submission.rows.map((_, i) => i);
  }
  const subId = columnIndex(submission, idColumn, sub);
  const ansId = columnIndex(answers, idColumn, ans);
  const bySubmissionId = new Map<string, number>();
  submission.rows.forEach((row, i) => {
    const id = normalizeId(row[subId] ?? '');
    if (bySubmissionId.has(id))
      throw new GradeNote(`${sub} has the ${idColumn} ${JSON.stringify(row[subId])} more than once`);
    bySubmissionId.set(id, i);
  });
  const missing: string[] = [];
  const order = answers.rows.map((row) => {
    const i = bySubmissionId.get(normalizeId(row[ansId] ?? ''));
    if (i === undefined) missing.push(row[ansId] ?? '');
    return i ?? -1;
  });
  if (missing.length > 0) {
    throw new GradeNote(
      `${missing.length} of the ${answers.rows.length} ${idColumn} values in ` +
        `${ans} are missing from ${sub} (first: ${JSON.stringify(missing[0])})`,
    );
  }
  if (submission.rows.length !== answers.rows.length) {
    const extra = submission.rows.length - answers.rows.length;
    throw new GradeNote(`${sub} has ${extra} rows whose ${idColumn} is not in ${ans}`);
  }
  return order;
}

interface Columns {
  truth: string[][]; // per target column, the answers' raw values
  pred: string[][]; // per target column, the submission's raw values, aligned with truth
}

function gradeColumns(metric: Metric, targets: readonly string[], cols: Columns, sub: string, ans: string): number {
  const truthNumbers = (k: number): number[] => numbers(cols.truth[k] as string[], targets[k] as string, ans);
  const predNumbers = (k: number): number[] => numbers(cols.pred[k] as string[], targets[k] as string, sub);
  const perColumn = (fn: (t: number[], p: number[]) => number): number =>
    mean(targets.map((_, k) => fn(truthNumbers(k), predNumbers(k))));
  switch (metric) {
    case 'accuracy': {
      // several target columns: a row counts when every column matches (sklearn's subset accuracy)
      const rows = (cols.truth[0] as string[]).length;
      const key = (table: string[][], i: number): string =>
        JSON.stringify(table.map((c) => normalizeLabel(c[i] as string)));
      const t = Array.from({ length: rows }, (_, i) => key(cols.truth, i));
      const p = Array.from({ length: rows }, (_, i) => key(cols.pred, i));
      return accuracy(t, p);
    }
    case 'f1':
      // several target columns are labels of a multilabel problem: macro average over them, as sklearn does
      return mean(
        targets.map((_, k) =>
          f1((cols.truth[k] as string[]).map(normalizeLabel), (cols.pred[k] as string[]).map(normalizeLabel)),
        ),
      );
    case 'rmse':
      return perColumn(rmse);
    case 'rmsle':
      return perColumn(rmsle);
    case 'mae':
      return perColumn(mae);
    case 'auc':
      return perColumn(rocAuc);
    case 'logloss': {
      if (targets.length === 1) return logLossBinary(truthNumbers(0), predNumbers(0));
      // one-hot answers, one probability column per class
      const truth = targets.map((_, k) => truthNumbers(k));
      const pred = targets.map((_, k) => predNumbers(k));
      const rows = (truth[0] as number[]).length;
      const trueClass = Array.from({ length: rows }, (_, i) => {
        const hot = truth.map((c) => c[i] as number);
        const k = hot.indexOf(1);
        if (k < 0 || hot.some((v, j) => j !== k && v !== 0)) {
          throw new GradeNote(`${ans} row ${i + 1} is not one-hot over ${targets.join(', ')}: ${hot.join(', ')}`);
        }
        return k;
      });
      const probs = Array.from({ length: rows }, (_, i) => pred.map((c) => c[i] as number));
      return logLossMulticlass(trueClass, probs);
    }
  }
}

/**
 * Multiclass log loss where the answers hold one label column and the submission one probability column per class
 * (Kaggle's usual format): the class columns are the submission's columns that are not the id.
 */
function logLossFromLabels(
  req: SubmissionGradeRequest,
  target: string,
  order: number[],
  sub: string,
  ans: string,
): number {
  const classes = req.submission.header.filter((h) => h !== req.idColumn);
  const ti = columnIndex(req.answers, target, ans);
  const trueClass = req.answers.rows.map((row, i) => {
    const label = (row[ti] ?? '').trim();
    const k = classes.indexOf(label);
    if (k < 0)
      throw new GradeNote(`${ans} row ${i + 1}: class ${JSON.stringify(label)} has no probability column in ${sub}`);
    return k;
  });
  const probColumns = classes.map((c) => {
    const ci = columnIndex(req.submission, c, sub);
    return numbers(
      order.map((r) => req.submission.rows[r]?.[ci] ?? ''),
      c,
      sub,
    );
  });
  const probs = order.map((_, i) => probColumns.map((col) => col[i] as number));
  return logLossMulticlass(trueClass, probs);
}

/** Grades a submission table against an answers table; the score, or null with a note saying why. */
export function gradeSubmission(req: SubmissionGradeRequest): ScoreReading {
  const sub = req.submissionName ?? 'the submission';
  const ans = req.answersName ?? 'the answers';
  try {
    if (req.answers.rows.length === 0) throw new GradeNote(`${ans} has no rows`);
    const targets = req.targetColumns ?? req.answers.header.filter((h) => h !== req.idColumn);
    if (targets.length === 0)
      throw new GradeNote(`${ans} has no column to grade besides the id column ${req.idColumn ?? ''}`.trim());
    const order = alignRows(req, sub, ans);
    const target0 = targets[0] as string;
    if (req.metric === 'logloss' && targets.length === 1 && !req.submission.header.includes(target0)) {
      return { score: logLossFromLabels(req, target0, order, sub, ans), note: null };
    }
    const cols: Columns = { truth: [], pred: [] };
    for (const target of targets) {
      const ti = columnIndex(req.answers, target, ans);
      const pi = columnIndex(req.submission, target, sub);
      cols.truth.push(req.answers.rows.map((row) => row[ti] ?? ''));
      cols.pred.push(order.map((r) => req.submission.rows[r]?.[pi] ?? ''));
    }
    return { score: gradeColumns(req.metric, targets, cols, sub, ans), note: null };
  } catch (e) {
    if (e instanceof GradeNote) return { score: null, note: e.message };
    if (e instanceof MetricError) return { score: null, note: `${req.metric} cannot be computed: ${e.message}` };
    throw e;
  }
}
