// The built-in metrics a `submission` score spec grades with. Each follows scikit-learn 1.2's definition exactly
// (clipping, tie handling, zero division), so a score here equals what the author's `sklearn.metrics` call gave.
import type { Metric } from '../models/case';
import { sampleMean as mean } from './statistics';

/** A class label as read from a file: numbers (and booleans, as 0/1) compare numerically, anything else as text. */
export type Label = number | string;

/** A metric cannot be computed on these values (one class only, negative values for RMSLE, …). */
export class MetricError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetricError';
  }
}

export interface MetricInfo {
  name: Metric;
  higherIsBetter: boolean;
  /** what a reader sees, e.g. "ROC AUC" */
  title: string;
}

export const METRIC_INFO: Record<Metric, MetricInfo> = {
  accuracy: { name: 'accuracy', higherIsBetter: true, title: 'accuracy' },
  rmse: { name: 'rmse', higherIsBetter: false, title: 'root mean squared error' },
  rmsle: { name: 'rmsle', higherIsBetter: false, title: 'root mean squared logarithmic error' },
  mae: { name: 'mae', higherIsBetter: false, title: 'mean absolute error' },
  logloss: { name: 'logloss', higherIsBetter: false, title: 'log loss' },
  auc: { name: 'auc', higherIsBetter: true, title: 'ROC AUC' },
  f1: { name: 'f1', higherIsBetter: true, title: 'F1' },
};

export function higherIsBetter(metric: Metric): boolean {
  return METRIC_INFO[metric].higherIsBetter;
}

function checkLengths(a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length) throw new MetricError(`${a.length} true values but ${b.length} predictions`);
  if (a.length === 0) throw new MetricError('there are no rows to score');
}

function labelKey(label: Label): string {
  return typeof label === 'number' ? `n:${label}` : `s:${label}`;
}

/** Fraction of exactly matching labels (sklearn.metrics.accuracy_score). */
export function accuracy(yTrue: readonly Label[], yPred: readonly Label[]): number {
  checkLengths(yTrue, yPred);
  let hits = 0;
  yTrue.forEach((t, i) => {
    if (labelKey(t) === labelKey(yPred[i] as Label)) hits += 1;
  });
  return hits / yTrue.length;
}

/** sqrt(mean((y − ŷ)²)) (sklearn.metrics.mean_squared_error with squared=False). */
export function rmse(yTrue: readonly number[], yPred: readonly number[]): number {
  checkLengths(yTrue, yPred);
  return Math.sqrt(mean(yTrue.map((t, i) => (t - (yPred[i] as number)) ** 2)));
}

/** RMSE of log1p values (sklearn.metrics.mean_squared_log_error with squared=False); negative values are refused. */
export function rmsle(yTrue: readonly number[], yPred: readonly number[]): number {
  checkLengths(yTrue, yPred);
  if (yTrue.some((v) => v < 0) || yPred.some((v) => v < 0)) {
    throw new MetricError('RMSLE cannot be used when true values or predictions are negative');
  }
  return rmse(yTrue.map(Math.log1p), yPred.map(Math.log1p));
}

/** mean(|y − ŷ|) (sklearn.metrics.mean_absolute_error). */
export function mae(yTrue: readonly number[], yPred: readonly number[]): number {
  checkLengths(yTrue, yPred);
  return mean(yTrue.map((t, i) => Math.abs(t - (yPred[i] as number))));
}

/** float64 machine epsilon: sklearn 1.2's log_loss clips probabilities to [eps, 1 − eps] with eps="auto". */
const EPS = 2.220446049250313e-16;

function clip(p: number): number {
  return Math.min(Math.max(p, EPS), 1 - EPS);
}

/** Binary log loss; yTrue holds 0/1, pProb the probability of class 1 (sklearn.metrics.log_loss). */
export function logLossBinary(yTrue: readonly number[], pProb: readonly number[]): number {
  checkLengths(yTrue, pProb);
  if (yTrue.some((t) => t !== 0 && t !== 1)) throw new MetricError('binary log loss needs true values that are 0 or 1');
  if (!yTrue.includes(0) || !yTrue.includes(1)) {
    throw new MetricError(`the true values hold only one class (${yTrue[0]}); log loss needs both 0 and 1`);
  }
  return mean(
    yTrue.map((t, i) => {
      const c = clip(pProb[i] as number);
      // sklearn expands to [1 − c, c] and renormalises; the sum is not always exactly 1 in floating point
      const sum = 1 - c + c;
      return -Math.log((t === 1 ? c : 1 - c) / sum);
    }),
  );
}

/**
 * Multiclass log loss: trueClass[i] is the column of row i's true class in probs (n × k). Probabilities are clipped
 * and each row renormalised to sum to 1, as sklearn.metrics.log_loss does.
 */
export function logLossMulticlass(trueClass: readonly number[], probs: readonly (readonly number[])[]): number {
  checkLengths(trueClass, probs);
  const k = probs[0]?.length ?? 0;
  if (k < 2) throw new MetricError('multiclass log loss needs at least two probability columns');
  return mean(
    trueClass.map((c, i) => {
      const row = (probs[i] as readonly number[]).map(clip);
      if (row.length !== k) throw new MetricError(`row ${i + 1} has ${row.length} probabilities, expected ${k}`);
      if (!Number.isInteger(c) || c < 0 || c >= k)
        throw new MetricError(`row ${i + 1}: true class ${c} is not one of the ${k} columns`);
      let sum = 0;
      for (const p of row) sum += p;
      return -Math.log((row[c] as number) / sum);
    }),
  );
}

/**
 * Area under the ROC curve for binary 0/1 truth (sklearn.metrics.roc_auc_score). Tied scores count one half, which
 * is what sklearn's trapezoidal rule over distinct thresholds amounts to; computed here as the Mann–Whitney U
 * statistic with mid-ranks.
 */
export function rocAuc(yTrue: readonly number[], yScore: readonly number[]): number {
  checkLengths(yTrue, yScore);
  if (yTrue.some((t) => t !== 0 && t !== 1)) throw new MetricError('ROC AUC needs true values that are 0 or 1');
  const nPos = yTrue.filter((t) => t === 1).length;
  const nNeg = yTrue.length - nPos;
  if (nPos === 0 || nNeg === 0) {
    throw new MetricError('only one class is present in the true values; ROC AUC is not defined in that case');
  }
  const order = yScore.map((s, i) => ({ s, t: yTrue[i] as number })).sort((a, b) => a.s - b.s);
  let rankSumPos = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && (order[j + 1] as { s: number }).s === (order[i] as { s: number }).s) j += 1;
    const midRank = (i + j) / 2 + 1; // ranks are 1-based
    for (let k = i; k <= j; k += 1) if ((order[k] as { t: number }).t === 1) rankSumPos += midRank;
    i = j + 1;
  }
  return (rankSumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

function f1Of(tp: number, fp: number, fn: number): number {
  const denominator = 2 * tp + fp + fn;
  // sklearn's zero_division="warn" yields 0 when a class is never predicted nor present
  return denominator === 0 ? 0 : (2 * tp) / denominator;
}

/**
 * F1 score (sklearn.metrics.f1_score). Binary (positive label 1) when every label is 0 or 1; otherwise the macro
 * average over the labels seen in either array (average="macro").
 */
export function f1(yTrue: readonly Label[], yPred: readonly Label[]): number {
  checkLengths(yTrue, yPred);
  const keys = new Set([...yTrue, ...yPred].map(labelKey));
  const binary = [...keys].every((k) => k === 'n:0' || k === 'n:1');
  const classes = binary ? ['n:1'] : [...keys];
  const scores = classes.map((cls) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    yTrue.forEach((t, i) => {
      const isTrue = labelKey(t) === cls;
      const isPred = labelKey(yPred[i] as Label) === cls;
      if (isTrue && isPred) tp += 1;
      else if (isPred) fp += 1;
      else if (isTrue) fn += 1;
    });
    return f1Of(tp, fp, fn);
  });
  return mean(scores);
}
