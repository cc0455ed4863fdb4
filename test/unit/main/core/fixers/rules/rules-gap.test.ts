// The rules fixer past a rule gap: an error no rule answers does not stop the rules from repairing later cells, and
// diagnoseErrors says why nothing applied to each error left.
import { describe, expect, it } from 'vitest';
import { applyRules } from '../../../../../../main/core/fixers/rules/rules-engine';
import { diagnoseErrors, RulesFixer } from '../../../../../../main/core/fixers/rules/rules-fixer';
import { context, type RuleSpec, ruleForTest } from './fix-context';
import { cellError, environment, notebookOf } from './helpers';

describe('the rules past a rule gap', () => {
  const gap = cellError(1, 'NameError', "name 'helper' is not defined");
  const reshape = cellError(
    2,
    'AttributeError',
    "'Series' object has no attribute 'reshape'",
    'X = df.a.reshape(-1, 1)',
  );
  const nb = () =>
    notebookOf(
      'import pandas as pd\n',
      'scale = helper(2)\n',
      "df = pd.DataFrame({'a': [1.0]})\nX = df.a.reshape(-1, 1)\n",
    );

  it('repairs a later failing cell when no rule answers the first error', async () => {
    const fix = await new RulesFixer().propose(context(nb(), 'error', [gap, reshape]));
    expect(fix?.ruleIds).toEqual(['pandas.series-reshape']);
    expect(fix?.edits.map((e) => e.cellIndex)).toEqual([2]);
    expect(fix?.signature).toBe("AttributeError: 'Series' object has no attribute 'reshape'");
  });

  it('says why each error was left: no rule, only rules for other versions, tried, would apply', async () => {
    const env = environment();
    const found = await diagnoseErrors(nb(), env, { errors: [gap, reshape] });
    expect(found.map((u) => [u.cellIndex, u.reason, u.ruleIds])).toEqual([
      [1, 'no-rule', []],
      [2, 'not-tried', ['pandas.series-reshape']],
    ]);
    expect(found[0]?.detail).toBe('no rule in the catalog matches this error');
    expect(found[1]?.detail).toMatch(/^rule pandas\.series-reshape would edit this cell but was not tried/);
    const tried = await diagnoseErrors(nb(), env, { errors: [reshape], exclude: ['pandas.series-reshape'] });
    expect(tried.map((u) => [u.reason, u.detail])).toEqual([
      ['did-not-help', 'rule pandas.series-reshape was tried and did not help'],
    ]);
    const older = await diagnoseErrors(nb(), environment({ pandas: '0.25.3' }), { errors: [reshape] });
    expect(older.map((u) => [u.reason, u.detail])).toEqual([
      ['no-rule', 'only rules for other versions match this error: pandas.series-reshape (pandas 1.0+)'],
    ]);
  });

  it("counts the table's generic repairs as matching only where they would edit the cell", async () => {
    const env = environment();
    // a member the API-change table renames (GraphLassoCV → GraphicalLassoCV, scikit-learn 0.20)
    const renamed = cellError(
      1,
      'ImportError',
      "cannot import name 'GraphLassoCV' from 'sklearn.covariance'",
      'from sklearn.covariance import GraphLassoCV',
    );
    const table = notebookOf('x = 1\n', 'from sklearn.covariance import GraphLassoCV\n');
    const found = await diagnoseErrors(table, env, { errors: [renamed] });
    expect(found.map((u) => [u.reason, u.ruleIds.filter((id) => id.startsWith('api-table.'))])).toEqual([
      ['not-tried', ['api-table.moved-name']],
    ]);
    // the same class of error for a name nothing renames: a gap, not "a rule left the code alone"
    const unknown = cellError(
      2,
      'AttributeError',
      "'Series' object has no attribute 'frobnicate'",
      'df.a.frobnicate()',
    );
    const gapNb = notebookOf(
      'import pandas as pd\n',
      'x = 1\n',
      "df = pd.DataFrame({'a': [1.0]})\ndf.a.frobnicate()\n",
    );
    expect((await diagnoseErrors(gapNb, env, { errors: [unknown] })).map((u) => [u.reason, u.ruleIds])).toEqual([
      ['no-rule', []],
    ]);
  });

  it('counts a rule whose fix lies outside the failing cell (trigger.anywhere) as one that would edit', async () => {
    // xgboost.label-encoder: the fit fails in cell 1, the subclass goes after the import in cell 0
    const error = cellError(1, 'ValueError', 'Invalid classes inferred from unique values of `y`.', 'm.fit(X, y)');
    const labels = notebookOf('from xgboost import XGBClassifier\n', 'm = XGBClassifier()\nm.fit(X, y)\n');
    const found = await diagnoseErrors(labels, environment({ xgboost: '3.3.0' }), { errors: [error] });
    expect(found.map((u) => [u.reason, u.ruleIds])).toEqual([['not-tried', ['xgboost.label-encoder']]]);
    const fixed = await applyRules(labels, 'all', environment({ xgboost: '3.3.0' }), { errors: [error] });
    expect(fixed.applications.map((a) => [a.ruleId, a.cellIndex, a.trigger])).toEqual([
      ['xgboost.label-encoder', 0, 'error'],
    ]);
  });

  it('tells a rule that left the code alone from one whose edit was refused', async () => {
    const rule = (id: string, apply: RuleSpec['apply']) => ruleForTest(id, apply, { errors: [{ ename: 'KeyError' }] });
    const shy = rule('test.shy', () => []);
    const broken = rule('test.broken', (parsed) => [
      { start: parsed.source.indexOf(')'), end: parsed.source.indexOf(')') + 1, text: '' },
    ]);
    const error = cellError(0, 'KeyError', "'a'");
    const notebook = notebookOf("x = d['a'] + f(1)\n");
    expect(
      (await diagnoseErrors(notebook, environment(), { errors: [error], rules: [shy] })).map((u) => u.reason),
    ).toEqual(['ambiguous']);
    const refused = await diagnoseErrors(notebook, environment(), { errors: [error], rules: [broken] });
    expect(refused.map((u) => [u.reason, u.detail])).toEqual([
      ['refused', "test.broken's edit was refused: the edit would introduce 1 syntax error(s)"],
    ]);
  });

  it("answers a decorative extension's missing package with an environment fix", async () => {
    const notebook = notebookOf('%load_ext watermark\n%watermark -v\n', 'import numpy as np\n');
    const fix = await new RulesFixer().propose(
      context(notebook, 'error', [cellError(0, 'ModuleNotFoundError', "No module named 'watermark'")]),
    );
    expect(fix?.type).toBe('environment');
    expect(fix?.ruleIds).toEqual(['environment.decorative-extension']);
    expect(fix?.plan).toMatch(
      /^Lines that only decorate the notebook, commented out because their package is missing here:/,
    );
    expect(fix?.edits.map((e) => e.cellIndex)).toEqual([0]);
  });
});
