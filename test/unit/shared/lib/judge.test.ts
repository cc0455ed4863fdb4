// The judge (docs/architecture.md, "The judge") and the ranking of iterations; pre-existing errors are in
// judge-pre-existing.test.ts.
import { describe, expect, it } from 'vitest';
import {
  bestIteration,
  betterThan,
  compareIterations,
  judge,
  type JudgeInput,
  type JudgedRun,
  outcomeOf,
} from '../../../../shared/lib/judge';
import { oneSampleTTest } from '../../../../shared/lib/statistics';
import type { CellError, ExecutionReport } from '../../../../shared/models/execution';
import { VerdictSchema } from '../../../../shared/models/loop';
import { cellError, report, target, verdictOf } from './judge-inputs';

describe('judge: deterministic runs (τ)', () => {
  it('reproduces within τ·|s_t| and says so in one line', () => {
    const v = verdictOf({ report: report({ scores: [0.7085] }) });
    expect(v).toMatchObject({
      reproducible: true,
      errorFree: true,
      problem: null,
      method: 'tolerance',
      relativeDeviation: 0,
    });
    expect(v.reason).toBe('score 0.7085 is within 10% of target 0.7085 (deviation 0.00%)');
    expect(outcomeOf(v)).toBe('reproducible');
  });

  it('treats the boundary |s_r − s_t| = τ·|s_t| as reproducible and just beyond as deviation', () => {
    expect(verdictOf({ report: report({ scores: [110] }), target: { value: 100 } }).reproducible).toBe(true);
    const off = verdictOf({ report: report({ scores: [110.01] }), target: { value: 100 } });
    expect(off).toMatchObject({ reproducible: false, problem: 'score-deviation' });
    expect(off.reason).toBe('score 110.01 is not within 10% of target 100 (deviation 10.01%)');
    expect(outcomeOf(off)).toBe('not-reproducible');
  });

  it('uses the tolerance argument, and a case tolerance before it', () => {
    const r = report({ scores: [0.74] }); // 4.4 % off
    expect(verdictOf({ report: r, tolerance: 0.05 }).reproducible).toBe(true);
    expect(verdictOf({ report: r, tolerance: 0.01 }).reproducible).toBe(false);
    expect(verdictOf({ report: r, tolerance: 0.05, target: { value: 0.7085, tolerance: 0.01 } }).reproducible).toBe(
      false,
    );
  });

  it('judges equal scores of several runs by τ, not by a t-test', () => {
    const v = verdictOf({ report: report({ scores: [0.7, 0.7, 0.7] }) });
    expect(v).toMatchObject({ method: 'tolerance', pValue: null, reproducible: true });
    expect(v.reason).toContain('all 3 runs');
  });

  it('handles a target of zero: only an exact zero reproduces', () => {
    expect(verdictOf({ report: report({ scores: [0] }), target: { value: 0 } }).reproducible).toBe(true);
    const v = verdictOf({ report: report({ scores: [0.001] }), target: { value: 0 } });
    expect(v).toMatchObject({ reproducible: false, relativeDeviation: null });
  });
});

describe('judge: repeated runs whose scores vary (t-test)', () => {
  it('reproduces when p ≥ α and not when p < α, with the p-value of the t-test', () => {
    const near = [0.7, 0.71, 0.705, 0.712, 0.709];
    const v = verdictOf({ report: report({ scores: near }) });
    expect(v.method).toBe('t-test');
    expect(v.pValue).toBeCloseTo(oneSampleTTest(near, 0.7085).p, 12);
    expect(v.pValue as number).toBeGreaterThanOrEqual(0.05);
    expect(v.reproducible).toBe(true);
    expect(v.reason).toMatch(
      /^mean score 0\.7072 over 5 runs \(sd [\d.]+\) is consistent with target 0\.7085 \(t-test p = 0\.\d{4} ≥ 0\.05\)$/,
    );

    // within τ of the target, yet consistently off: the t-test rejects it
    const far = [0.68, 0.681, 0.679, 0.6805];
    const w = verdictOf({ report: report({ scores: far }) });
    expect(w).toMatchObject({ method: 't-test', reproducible: false, problem: 'score-deviation' });
    expect(w.pValue as number).toBeLessThan(0.05);
    expect(w.reason).toContain('differs from target 0.7085');
  });

  it('honours α', () => {
    const scores = [0.7, 0.705, 0.703];
    const p = oneSampleTTest(scores, 0.7085).p;
    expect(verdictOf({ report: report({ scores }), alpha: p / 2 }).reproducible).toBe(true);
    expect(verdictOf({ report: report({ scores }), alpha: Math.min(0.99, p * 2) }).reproducible).toBe(false);
  });
});

describe('judge: no score, no spec, errors and timeouts', () => {
  it('no score → not reproducible, with the scoring note', () => {
    const v = verdictOf({ report: report({ scores: [null], scoreNote: 'submission.csv was not found' }) });
    expect(v).toMatchObject({ reproducible: false, method: 'no-score', score: null, problem: 'score-deviation' });
    expect(v.reason).toBe('no score: submission.csv was not found');
  });

  it('a run without a score among several → not reproducible', () => {
    const v = verdictOf({ report: report({ scores: [0.7085, null] }) });
    expect(v).toMatchObject({ reproducible: false, method: 'no-score' });
    expect(v.reason).toContain('no score in 1 of 2 runs');
  });

  it('score spec none → judged on errors alone', () => {
    const clean = judge({ report: report(), target: null, scoreSpecKind: 'none' });
    expect(clean).toMatchObject({ reproducible: true, errorFree: true, method: 'errors-only', problem: null });
    expect(clean.reason).toBe('no score spec: ran without errors');
    const broken = judge({
      report: report({ status: 'error', errors: [cellError(3, 'NameError')] }),
      target: null,
      scoreSpecKind: 'none',
    });
    expect(broken).toMatchObject({ reproducible: false, errorFree: false, problem: 'error' });
    expect(broken.reason).toBe('no score spec: 1 error: NameError in cell 3');
  });

  it('errors with a reproduced score → reproducible with errors, problem error', () => {
    const v = verdictOf({
      report: report({
        status: 'error',
        scores: [0.7085],
        errors: [cellError(5, 'AttributeError'), cellError(9, 'TypeError')],
      }),
    });
    expect(v).toMatchObject({ reproducible: true, errorFree: false, problem: 'error' });
    expect(outcomeOf(v)).toBe('reproducible-with-errors');
    expect(v.reason).toBe(
      'score 0.7085 is within 10% of target 0.7085 (deviation 0.00%); 2 errors: AttributeError in cell 5 and 1 more',
    );
  });

  it('pre-existing errors do not count against error-free', () => {
    const v = verdictOf({
      report: report({ status: 'error', scores: [0.7085], errors: [cellError(5, 'NameError', { preExisting: true })] }),
    });
    expect(v).toMatchObject({ reproducible: true, errorFree: true, problem: null });
    expect(outcomeOf(v)).toBe('reproducible');
    expect(v.reason).toContain('only pre-existing errors (1)');
  });

  it('a timeout is the problem whatever the score', () => {
    const v = verdictOf({
      report: report({ status: 'timeout', scores: [0.7085], errors: [cellError(2, 'NameError')] }),
    });
    expect(v).toMatchObject({ problem: 'timeout', reproducible: false, errorFree: false });
    expect(v.reason).toMatch(/^timed out after 600 s; score 0\.7085 is within 10%/);
  });

  it('a crash is an error even without error cells', () => {
    const v = verdictOf({
      report: report({ status: 'crashed', scores: [0.7085], message: 'the kernel died (out of memory?)' }),
    });
    expect(v).toMatchObject({ problem: 'error', errorFree: false, reproducible: true });
    expect(v.reason).toContain('the kernel crashed (the kernel died (out of memory?))');
  });

  it('no target → judged on errors, the score still reported', () => {
    const v = verdictOf({ report: report({ scores: [0.5] }), target: null });
    expect(v).toMatchObject({ reproducible: true, method: 'errors-only', score: 0.5, target: null });
  });
});

describe('choosing the best iteration', () => {
  const run = (
    errors: CellError[],
    score: number | null,
    status: ExecutionReport['status'] = errors.length ? 'error' : 'ok',
  ): JudgedRun => {
    const r = report({ status, errors, scores: [score] });
    return { report: r, verdict: judge({ report: r, target, scoreSpecKind: 'output' }) };
  };
  const errs = (k: number): CellError[] => Array.from({ length: k }, (_, i) => cellError(i, 'NameError'));

  it('error-free reproducible > reproducible with errors > fewer errors, then closer score', () => {
    const errorFreeRepro = run([], 0.69);
    const reproWithErrors = run(errs(1), 0.7085);
    const oneErrorFar = run(errs(1), 0.2);
    const twoErrorsFar = run(errs(2), 0.3);
    const twoErrorsCloser = run(errs(2), 0.5);
    const noScore = run(errs(2), null);
    const shuffled = [noScore, twoErrorsFar, oneErrorFar, reproWithErrors, twoErrorsCloser, errorFreeRepro];
    expect([...shuffled].sort(compareIterations)).toEqual([
      errorFreeRepro,
      reproWithErrors,
      oneErrorFar,
      twoErrorsCloser,
      twoErrorsFar,
      noScore,
    ]);
    expect(betterThan(errorFreeRepro, reproWithErrors)).toBe(true);
    expect(betterThan(reproWithErrors, errorFreeRepro)).toBe(false);
  });

  it('a closer score wins among reproducible error-free runs; ties keep the earlier iteration', () => {
    const a = run([], 0.7);
    const b = run([], 0.708);
    expect(betterThan(b, a)).toBe(true);
    const first = run(errs(1), 0.1);
    const second = run(errs(1), 0.1);
    expect(compareIterations(first, second)).toBe(0);
    expect(bestIteration([first, second])).toBe(first);
    expect(bestIteration([])).toBeUndefined();
  });

  it('pre-existing errors are not counted, a timeout counts as one', () => {
    const pre = run([cellError(1, 'NameError', { preExisting: true })], 0.1);
    const one = run(errs(1), 0.1);
    const timedOut = run([], 0.1, 'timeout');
    expect(betterThan(pre, one)).toBe(true);
    expect(compareIterations(timedOut, one)).toBe(0);
  });
});

describe('judge without a target: output fidelity (issue 16)', () => {
  const fidelity = (
    score: number | null,
    extra: { comparable?: number; reproduced?: number; notComparable?: number } = {},
  ) => ({
    score,
    comparable: extra.comparable ?? 10,
    reproduced: extra.reproduced ?? Math.round((score ?? 0) * (extra.comparable ?? 10)),
    cells: Array.from({ length: extra.notComparable ?? 0 }, (_, i) => ({
      verdict: 'not-comparable' as const,
      cellIndex: i,
    })),
  });
  const none = (over: Partial<JudgeInput>) => {
    const v = judge({ report: report(), target: null, scoreSpecKind: 'none', ...over });
    expect(VerdictSchema.parse(v)).toEqual(v);
    return v;
  };

  it('error-free and fidelity at or above the threshold → reproducible, judged on fidelity', () => {
    const v = none({ fidelity: fidelity(0.9) as JudgeInput['fidelity'] });
    expect(v).toMatchObject({ reproducible: true, errorFree: true, method: 'fidelity', problem: null });
    expect(v.reason).toBe(
      'no score spec: ran without errors; fidelity 90% ≥ 90% (9 of 10 comparable outputs reproduced)',
    );
  });

  it('error-free but fidelity below the threshold → not reproducible, and no problem a fixer could take', () => {
    const v = none({ fidelity: fidelity(0.8) as JudgeInput['fidelity'] });
    expect(v).toMatchObject({ reproducible: false, errorFree: true, method: 'fidelity', problem: null });
    expect(outcomeOf(v)).toBe('not-reproducible');
    expect(v.reason).toContain('fidelity 80% < 90%');
  });

  it('the threshold is the job setting', () => {
    expect(none({ fidelity: fidelity(0.8) as JudgeInput['fidelity'], fidelityThreshold: 0.75 }).reproducible).toBe(
      true,
    );
    expect(none({ fidelity: fidelity(0.8) as JudgeInput['fidelity'], fidelityThreshold: 0.85 }).reproducible).toBe(
      false,
    );
  });

  it('cells that could not be compared (randomness never seeded) are named, not counted', () => {
    const v = none({
      fidelity: fidelity(1, { comparable: 4, reproduced: 4, notComparable: 2 }) as JudgeInput['fidelity'],
    });
    expect(v.reproducible).toBe(true);
    expect(v.reason).toContain('(4 of 4 comparable outputs reproduced; 2 cells not comparable)');
  });

  it('errors still fail it, whatever the fidelity', () => {
    const v = none({
      report: report({ status: 'error', errors: [cellError(3, 'NameError')] }),
      fidelity: fidelity(1) as JudgeInput['fidelity'],
    });
    expect(v).toMatchObject({ reproducible: false, errorFree: false, problem: 'error' });
  });

  it('fidelity not measured (null) → the errors-only judgement, and the reason says so', () => {
    const v = none({ fidelity: null });
    expect(v).toMatchObject({ reproducible: true, method: 'errors-only' });
    expect(v.reason).toBe('no score spec: ran without errors; fidelity not measured: judged on errors alone');
    const nothing = none({ fidelity: fidelity(null, { comparable: 0, reproduced: 0 }) as JudgeInput['fidelity'] });
    expect(nothing).toMatchObject({ reproducible: true, method: 'errors-only' });
    expect(nothing.reason).toContain('no saved output could be compared: judged on errors alone');
  });

  it('a score without a target is judged on fidelity too; a target score is never', () => {
    const noTarget = verdictOf({
      report: report({ scores: [0.5] }),
      target: null,
      fidelity: fidelity(0.5) as JudgeInput['fidelity'],
    });
    expect(noTarget).toMatchObject({ reproducible: false, method: 'fidelity', score: 0.5 });
    expect(noTarget.reason).toBe(
      'score 0.5; the case has no target score; fidelity 50% < 90% (5 of 10 comparable outputs reproduced)',
    );
    const withTarget = verdictOf({
      report: report({ scores: [0.7085] }),
      fidelity: fidelity(0.1) as JudgeInput['fidelity'],
    });
    expect(withTarget).toMatchObject({ reproducible: true, method: 'tolerance' });
    expect(withTarget.reason).not.toContain('fidelity');
  });
});

describe('choosing the best iteration: fidelity breaks ties', () => {
  const r = report({ scores: [0.7] });
  const at = (score: number | null | undefined): JudgedRun => ({
    report: r,
    verdict: judge({ report: r, target, scoreSpecKind: 'output' }),
    ...(score === undefined ? {} : { fidelity: { score } }),
  });

  it('among equals the higher fidelity wins; not measured ranks below measured', () => {
    const low = at(0.6);
    const high = at(0.95);
    const unknown = at(null);
    expect(betterThan(high, low)).toBe(true);
    expect(betterThan(low, unknown)).toBe(true);
    expect(bestIteration([unknown, low, high])).toBe(high);
    expect(compareIterations(at(0.8), at(0.8))).toBe(0);
  });

  it('fidelity never outranks fewer errors or a closer score', () => {
    const faithfulWithError = {
      ...at(1),
      report: report({ status: 'error', scores: [0.7], errors: [cellError(1, 'NameError')] }),
    };
    expect(betterThan(at(0.1), faithfulWithError)).toBe(true);
    const closer = {
      report: report({ scores: [0.708] }),
      verdict: judge({ report: report({ scores: [0.708] }), target, scoreSpecKind: 'output' }),
      fidelity: { score: 0.2 },
    };
    expect(betterThan(closer, at(1))).toBe(true);
  });
});
