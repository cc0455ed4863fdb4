// The built-in metrics against scikit-learn 1.2 on the same generated data (the reference Python's sklearn).
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import * as metrics from '../../../../shared/lib/metrics';
import { TEST_PYTHON } from '../../../helpers/python';

/** Deterministic PRNG (mulberry32) so a failure can be reproduced. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r = rng(20170208);
const n = 257;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const binTrue = Array.from({ length: n }, () => (r() < 0.4 ? 1 : 0));
const binPred = binTrue.map((t) => (r() < 0.8 ? t : 1 - t));
const prob = binTrue.map((t) => Math.min(1, Math.max(0, t * 0.5 + r() * 0.6 - 0.05)));
// exact 0 and 1 probabilities exercise sklearn's clipping
prob[0] = 0;
prob[1] = 1;
prob[2] = binTrue[2] === 1 ? 0 : 1;
// scores rounded to one decimal: many ties, handled like sklearn's trapezoidal rule
const tiedScores = prob.map((p) => Math.round(p * 10) / 10);
const regTrue = Array.from({ length: n }, () => r() * 1000);
const regPred = regTrue.map((v) => Math.max(0, v + (r() - 0.5) * 200));
const classes = ['EAP', 'HPL', 'MWS'];
const mcTrue = Array.from({ length: n }, () => pick(classes));
const mcPred = mcTrue.map((t) => (r() < 0.6 ? t : pick(classes)));
// rows deliberately not normalised, with an exact zero: sklearn clips and renormalises
const mcProbs = mcTrue.map(() => [r(), r() * 2, r() * 0.5]);
(mcProbs[3] as number[])[0] = 0;
const mcIndex = mcTrue.map((t) => classes.indexOf(t));
const intClasses = Array.from({ length: n }, () => Math.floor(r() * 4));
const intPred = intClasses.map((t) => (r() < 0.5 ? t : Math.floor(r() * 4)));

const SKLEARN = `
import json, sys
import numpy as np
from sklearn import metrics as m
d = json.load(sys.stdin)
out = {
  'accuracy_bin': m.accuracy_score(d['binTrue'], d['binPred']),
  'accuracy_str': m.accuracy_score(d['mcTrue'], d['mcPred']),
  'rmse': m.mean_squared_error(d['regTrue'], d['regPred'], squared=False),
  'rmsle': m.mean_squared_log_error(d['regTrue'], d['regPred'], squared=False),
  'mae': m.mean_absolute_error(d['regTrue'], d['regPred']),
  'logloss_bin': m.log_loss(d['binTrue'], d['prob']),
  'logloss_mc': m.log_loss(d['mcTrue'], d['mcProbs'], labels=d['classes']),
  'auc': m.roc_auc_score(d['binTrue'], d['prob']),
  'auc_ties': m.roc_auc_score(d['binTrue'], d['tiedScores']),
  'f1_bin': m.f1_score(d['binTrue'], d['binPred']),
  'f1_macro_str': m.f1_score(d['mcTrue'], d['mcPred'], average='macro'),
  'f1_macro_int': m.f1_score(d['intClasses'], d['intPred'], average='macro'),
}
print(json.dumps(out))
`;

let ref: Record<string, number> = {};

beforeAll(() => {
  const input = JSON.stringify({
    binTrue,
    binPred,
    prob,
    tiedScores,
    regTrue,
    regPred,
    mcTrue,
    mcPred,
    mcProbs,
    classes,
    intClasses,
    intPred,
  });
  ref = JSON.parse(execFileSync(TEST_PYTHON, ['-c', SKLEARN], { input, encoding: 'utf8' })) as Record<string, number>;
});

function expectClose(actual: number, key: string): void {
  const expected = ref[key];
  expect(expected, `sklearn value ${key}`).toBeTypeOf('number');
  expect(
    Math.abs(actual - (expected as number)) / Math.abs(expected as number),
    `${key}: ${actual} vs sklearn ${expected}`,
  ).toBeLessThanOrEqual(1e-9);
}

describe('metrics agree with scikit-learn', () => {
  it('accuracy on numeric and text labels', () => {
    expectClose(metrics.accuracy(binTrue, binPred), 'accuracy_bin');
    expectClose(metrics.accuracy(mcTrue, mcPred), 'accuracy_str');
  });
  it('rmse, rmsle, mae', () => {
    expectClose(metrics.rmse(regTrue, regPred), 'rmse');
    expectClose(metrics.rmsle(regTrue, regPred), 'rmsle');
    expectClose(metrics.mae(regTrue, regPred), 'mae');
  });
  it('binary log loss, clipping probabilities of exactly 0 and 1', () => {
    expectClose(metrics.logLossBinary(binTrue, prob), 'logloss_bin');
  });
  it('multiclass log loss, renormalising rows', () => {
    expectClose(metrics.logLossMulticlass(mcIndex, mcProbs), 'logloss_mc');
  });
  it('ROC AUC, with and without tied scores', () => {
    expectClose(metrics.rocAuc(binTrue, prob), 'auc');
    expectClose(metrics.rocAuc(binTrue, tiedScores), 'auc_ties');
    expect(ref.auc_ties).not.toBe(ref.auc); // the ties really changed the curve
  });
  it('F1: binary with positive label 1, macro for multiclass', () => {
    expectClose(metrics.f1(binTrue, binPred), 'f1_bin');
    expectClose(metrics.f1(mcTrue, mcPred), 'f1_macro_str');
    expectClose(metrics.f1(intClasses, intPred), 'f1_macro_int');
  });
});

describe('metric edge cases', () => {
  it('says which direction is better', () => {
    expect(metrics.higherIsBetter('accuracy')).toBe(true);
    expect(metrics.higherIsBetter('auc')).toBe(true);
    expect(metrics.higherIsBetter('f1')).toBe(true);
    expect(metrics.higherIsBetter('rmse')).toBe(false);
    expect(metrics.higherIsBetter('logloss')).toBe(false);
  });
  it('refuses what sklearn refuses', () => {
    expect(() => metrics.rocAuc([1, 1], [0.2, 0.3])).toThrow(metrics.MetricError);
    expect(() => metrics.rocAuc([1, 1], [0.2, 0.3])).toThrow(/only one class/);
    expect(() => metrics.rmsle([1, -1], [1, 1])).toThrow(/negative/);
    expect(() => metrics.logLossBinary([0, 0], [0.1, 0.2])).toThrow(/only one class/);
    expect(() => metrics.accuracy([1, 2], [1])).toThrow(/2 true values but 1 predictions/);
    expect(() => metrics.mae([], [])).toThrow(/no rows/);
  });
  it('F1 is 0 when no positive is present or predicted (sklearn zero_division)', () => {
    expect(metrics.f1([0, 0, 0], [0, 0, 0])).toBe(0);
  });
});
