// Every rule's before → after examples (cases/*.ts), applied through the engine: exact output, idempotence,
// and every rule of the catalog has at least one example that changes code. The same examples are the rules'
// fixtures (test/fixtures/rules, fixtures.test.ts); a new rule may give its examples in its fixture alone.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../../../../../main/core/fixers/rules/catalog/index';
import { loadPythonParser } from '../../../../../../../main/core/python/python-parser';
import { REPO_ROOT } from '../../../../../../helpers/corpus';
import { parseFixture } from '../fixture-format';
import { cellSource, fixCells } from '../helpers';
import { API_TABLE_CASES } from './cases/api-table';
import { ENVIRONMENT_CASES, NUMPY_PRINTING_CASES } from './cases/environment';
import { MORE_REMOVAL_CASES } from './cases/more-removals';
import { NUMPY_CASES } from './cases/numpy';
import { NUMPY2_CASES } from './cases/numpy2';
import { CALIBRATION_CASES, DATA_CASES, RUNTIME_CASES } from './cases/other';
import { PANDAS_CASES } from './cases/pandas';
import { MATPLOTLIB_CASES, SEABORN_CASES, XGBOOST_CASES } from './cases/plotting';
import { PYTHON2_CASES } from './cases/python2';
import { PYTHON2_FIXER_CASES } from './cases/python2-fixers';
import { SKLEARN_CASES } from './cases/sklearn';
import { PROTOCOL_CASES, STDLIB_CASES } from './cases/stdlib';
import type { RuleCase } from './cases/types';

const GROUPS: Record<string, RuleCase[]> = {
  python2: PYTHON2_CASES,
  'python2-fixers': PYTHON2_FIXER_CASES,
  stdlib: STDLIB_CASES,
  protocols: PROTOCOL_CASES,
  numpy: NUMPY_CASES,
  numpy2: NUMPY2_CASES,
  pandas: PANDAS_CASES,
  sklearn: SKLEARN_CASES,
  matplotlib: MATPLOTLIB_CASES,
  seaborn: SEABORN_CASES,
  xgboost: XGBOOST_CASES,
  'more-removals': MORE_REMOVAL_CASES,
  'api-table': API_TABLE_CASES,
  environment: ENVIRONMENT_CASES,
  'numpy-printing': NUMPY_PRINTING_CASES,
  'data-urls': DATA_CASES,
  calibration: CALIBRATION_CASES,
  runtime: RUNTIME_CASES,
};

for (const [group, cases] of Object.entries(GROUPS)) {
  describe(`catalog/${group}`, () => {
    for (const c of cases) {
      it(`${c.rule}: ${c.name}`, async () => {
        const result = await fixCells(c.before, [c.rule], c.options);
        expect(c.before.map((_, i) => cellSource(result, i))).toEqual(c.after);
        const changed = c.after.some((after, i) => after !== c.before[i]);
        expect(result.ruleIds).toEqual(changed ? [c.rule] : []);
        // the result parses no worse than the original, and a second application changes nothing
        const parser = await loadPythonParser();
        for (const [i, source] of c.after.entries()) {
          const before = parser.parse(c.before[i] as string);
          const after = parser.parse(source);
          expect(after.errorCount()).toBeLessThanOrEqual(before.errorCount());
          before.delete();
          after.delete();
        }
        const again = await fixCells(c.after, [c.rule], c.options);
        expect(again.edits).toEqual([]);
      });
    }
  });
}

describe('catalog coverage', () => {
  it('every rule has an example that changes code (here, or in its fixture test/fixtures/rules/<rule-id>.py)', () => {
    const all = Object.values(GROUPS).flat();
    const inFixture = (id: string): boolean => {
      const file = path.join(REPO_ROOT, 'test/fixtures/rules', `${id}.py`);
      return fs.existsSync(file) && parseFixture(fs.readFileSync(file, 'utf8')).some((c) => c.kind === 'fixes');
    };
    const missing = RULES.filter(
      (rule) =>
        !all.some((c) => c.rule === rule.id && c.after.some((a, i) => a !== c.before[i])) && !inFixture(rule.id),
    ).map((r) => r.id);
    expect(missing).toEqual([]);
  });

  it('every rule has an id, a title, an explanation and a valid version', () => {
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[a-z0-9-]+\.[a-z0-9-]+$/);
      expect(rule.title.length).toBeGreaterThan(5);
      expect(rule.explanation.length).toBeGreaterThan(30);
      expect(rule.since.version).toMatch(/^\d+(\.\d+)*$/);
      if (rule.kind === 'score-calibration') expect(rule.since.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
