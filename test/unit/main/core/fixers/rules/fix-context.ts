// What the rules engine's and the rules fixer's tests give the fixer: a run's report, the fix context of a legacy case,
// and a rule written for one test.
import type { ResolvedCase } from '../../../../../../shared/models/case';
import type { ExecutionReport } from '../../../../../../shared/models/execution';
import type { Problem, Verdict } from '../../../../../../shared/models/loop';
import type { Notebook } from '../../../../../../shared/models/notebook';
import { bareCase } from '../../../../../../main/core/case/case-loader';
import type { FixContext } from '../../../../../../main/core/fixers/fixer';
import { defineRule } from '../../../../../../main/core/fixers/rules/rule';
import { environment } from './helpers';

export const BARE_CASE: ResolvedCase = {
  ...bareCase('/cases/legacy/notebook.ipynb', null),
  id: 'legacy',
  title: 'legacy',
  created: '2016-05',
};

export type RuleSpec = Parameters<typeof defineRule>[0];

/** A Python error-repair rule written for one test only, with the given trigger. */
export function ruleForTest(id: string, apply: RuleSpec['apply'], trigger: RuleSpec['trigger']) {
  return defineRule({
    id,
    title: id,
    kind: 'error-repair',
    library: 'Python',
    since: { package: 'python', version: '3.0' },
    explanation: 'a rule written for this test only',
    trigger,
    apply,
  });
}

export function report(errors: ExecutionReport['errors'] = []): ExecutionReport {
  return {
    status: errors.length ? 'error' : 'ok',
    wallTimeMs: 1000,
    timeoutMs: 600_000,
    errors,
    cells: [],
    filesWritten: [],
    scores: [0.7],
    score: 0.7,
    scoreNote: null,
    message: null,
  };
}

export function context(
  notebook: Notebook,
  problem: Problem,
  errors: ExecutionReport['errors'] = [],
  exclude: string[] = [],
  gpus: string[] = [],
): FixContext {
  const verdict: Verdict = {
    reproducible: false,
    errorFree: errors.length === 0,
    problem,
    reason: problem,
    score: 0.7,
    target: 0.8,
    relativeDeviation: 0.125,
    pValue: null,
    method: 'tolerance',
  };
  return {
    notebook,
    original: notebook,
    case: BARE_CASE,
    problem,
    report: report(errors),
    verdict,
    environment: environment({}, '3.11.2', gpus),
    history: [],
    exclude: new Set(exclude),
  };
}
