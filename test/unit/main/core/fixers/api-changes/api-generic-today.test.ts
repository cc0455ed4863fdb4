// The table-driven generic repairs on real snippets in today's stack: each old snippet is run first and must fail
// there, its real error (ename and message, as the kernel reports it) is what the rules engine gets, and the
// repaired snippet must run and print what the old code printed in its era. One rename per main library, a keyword
// rename, a class member renamed inside its class, an ambiguous member refused, and shadowed names left alone.
import { describe, expect, it } from 'vitest';
import { ApiChangeTable } from '../../../../../../main/core/fixers/api-changes/table';
import { coverRow, TODAY_ENVIRONMENT } from '../../../../../../main/core/fixers/api-changes/coverage';
import { resolveMember } from '../../../../../../main/core/fixers/rules/catalog/api-table';
import { describeToday } from '../../../../../helpers/python';
import { cellError, fixCells, cellSource, snippetRunner } from '../rules/helpers';
import { rowMaker } from './helpers';
import { py } from '../../../../../helpers/python-source';

const GENERIC = ['api-table.moved-name', 'api-table.renamed-member', 'api-table.keyword-rename'];

/** The exception a failing snippet ended with, as a CellError of cell 0 (the last `Name: message` line). */
function failure(out: string): { ename: string; evalue: string } {
  const last =
    out
      .split('\n')
      .reverse()
      .find((line) => /^[\w.]+(Error|Exception): /.test(line)) ?? '';
  const at = last.indexOf(': ');
  return { ename: (last.slice(0, at).split('.').at(-1) as string) ?? '', evalue: last.slice(at + 2) };
}

const row = rowMaker({ library: 'pandas', version: '2.0.0', kind: 'renamed' });

describeToday('generic repairs from the API-change table', (python) => {
  const run = snippetRunner(python);

  /** Runs the old source (it must fail today), repairs it with the generic rules from its real error, runs that. */
  async function repair(source: string): Promise<{ fixed: string; out: string; ok: boolean; ruleIds: string[] }> {
    const before = run(source);
    expect(before.ok, `the old snippet runs today:\n${before.out}`).toBe(false);
    const { ename, evalue } = failure(before.out);
    const result = await fixCells([source], GENERIC, {
      packages: TODAY_ENVIRONMENT.packages,
      python: TODAY_ENVIRONMENT.python,
      errors: [cellError(0, ename, evalue)],
    });
    const fixed = cellSource(result, 0);
    const after = run(fixed);
    return { fixed, ...after, ruleIds: result.ruleIds };
  }

  it('scikit-learn: an import of a renamed class (GraphLassoCV → GraphicalLassoCV, 0.20)', async () => {
    const r = await repair('from sklearn.covariance import GraphLassoCV\nprint(GraphLassoCV().__class__.__name__)\n');
    expect(r.fixed).toContain('from sklearn.covariance import GraphicalLassoCV as GraphLassoCV');
    expect(r).toMatchObject({ ok: true, out: 'GraphicalLassoCV' });
  });

  it("pandas: a method renamed inside its class, found through the error's type (iteritems → items)", async () => {
    const r = await repair(
      'import pandas as pd\ndf = pd.DataFrame({"a": [1, 2]})\nfor name, col in df.iteritems():\n    print(name, list(col))\n',
    );
    expect(r.ruleIds).toEqual(['api-table.renamed-member']);
    expect(r.fixed).toContain('df.items()');
    expect(r).toMatchObject({ ok: true, out: 'a [1, 2]' });
  });

  it('scipy: a renamed function through a module alias (integrate.cumtrapz → cumulative_trapezoid)', async () => {
    const r = await repair('import scipy.integrate as si\nprint(si.cumtrapz([1.0, 2.0, 3.0]))\n');
    expect(r.fixed).toContain('si.cumulative_trapezoid(');
    expect(r).toMatchObject({ ok: true, out: '[1.5 4. ]' });
  });

  it('scipy: integrate.simps is left alone (simpson computes another value for an even number of samples)', async () => {
    const source = 'import scipy.integrate as si\nprint(si.simps([1.0, 4.0, 9.0, 16.0]))\n';
    const r = await repair(source);
    expect(r.fixed).toBe(source);
  });

  it('matplotlib: a renamed class (colors.DivergingNorm → TwoSlopeNorm, 3.2)', async () => {
    const r = await repair(
      'from matplotlib.colors import DivergingNorm\nnorm = DivergingNorm(vmin=-1.0, vcenter=0.0, vmax=2.0)\nprint(norm(1.0))\n',
    );
    expect(r.fixed).toContain('from matplotlib.colors import TwoSlopeNorm as DivergingNorm');
    expect(r).toMatchObject({ ok: true, out: '0.75' });
  });

  it("numpy: a member renamed inside its class by the release's own alias (ma.mvoid.tostring → tobytes)", async () => {
    const r = await repair(
      'import numpy as np\nv = np.ma.array([(1, 2)], dtype=[("a", "i1"), ("b", "i1")])[0]\nprint(v.tostring())\n',
    );
    expect(r.ruleIds).toEqual(['api-table.renamed-member']);
    expect(r).toMatchObject({ ok: true, out: "b'\\x01\\x02'" });
  });

  it('a keyword renamed in the table (QuadraticDiscriminantAnalysis store_covariances → store_covariance)', async () => {
    const r = await repair(
      'from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis as QDA\n' +
        'qda = QDA(store_covariances=True).fit([[0, 0], [1, 1], [0, 1], [5, 5], [6, 5], [5, 6]], [0, 0, 0, 1, 1, 1])\n' +
        'print(len(qda.covariance_))\n',
    );
    expect(r.ruleIds).toEqual(['api-table.keyword-rename']);
    expect(r.fixed).toContain('QDA(store_covariance=True)');
    expect(r).toMatchObject({ ok: true, out: '2' });
  });

  it("leaves a user's own class with a member of that name alone (shadowing)", async () => {
    const source = py`
      import pandas as pd
      class Rows:
          def iteritems(self):
              return iter([])
      df = pd.DataFrame({"a": [1]})
      for name, col in df.iteritems():
          print(name)
    `;
    const { ename, evalue } = failure(run(source).out);
    expect(ename).toBe('AttributeError');
    const result = await fixCells([source], GENERIC, {
      packages: TODAY_ENVIRONMENT.packages,
      errors: [cellError(0, ename, evalue)],
    });
    expect(result.edits).toEqual([]);
    expect(cellSource(result, 0)).toBe(source);
  });

  it("leaves an import alone when the notebook defines the replacement's name itself (shadowing)", async () => {
    const source =
      'from scipy.integrate import cumtrapz\ndef cumulative_trapezoid(y):\n    return sum(y)\nprint(cumulative_trapezoid([1, 2]))\n';
    const { ename, evalue } = failure(run(source).out);
    expect(ename).toBe('ImportError');
    const result = await fixCells([source], GENERIC, {
      packages: TODAY_ENVIRONMENT.packages,
      errors: [cellError(0, ename, evalue)],
    });
    expect(cellSource(result, 0)).toBe(source);
  });
});

describe('member renames: ambiguity and coverage', () => {
  const table = new ApiChangeTable([
    row({ old: 'pandas.DataFrame.fill_na', new: 'pandas.DataFrame.fillna' }),
    row({ old: 'pandas.Series.fill_na', new: 'pandas.Series.fillna' }),
    row({ old: 'pandas.Index.fill_na', new: 'pandas.Index.fill_missing' }),
    row({ old: 'pandas.Index.old_items', new: 'pandas.Index.items_v2', version: '9.0' }),
  ]);
  const env = { ...TODAY_ENVIRONMENT };

  it('refuses a member the library renamed differently in two classes (which object `x.fill_na` is is unknown)', () => {
    expect(
      resolveMember({ ename: 'AttributeError', evalue: "'DataFrame' object has no attribute 'fill_na'" }, env, table),
    ).toEqual({ status: 'ambiguous', candidates: ['fillna', 'fill_missing'] });
  });

  it('is gated by the installed version of the library', () => {
    expect(
      resolveMember({ ename: 'AttributeError', evalue: "'Index' object has no attribute 'old_items'" }, env, table)
        .status,
    ).toBe('unknown');
  });

  it("reads the error's type: a class the table does not know is left alone", () => {
    expect(
      resolveMember({ ename: 'AttributeError', evalue: "'MyFrame' object has no attribute 'fill_na'" }, env, table)
        .status,
    ).toBe('unknown');
  });

  it('renames the member only on the object of the failing line; two objects and no line are ambiguous', async () => {
    const source =
      'import pandas as pd\nfor k, v in df.iteritems():\n    print(k)\nfor k, v in other.iteritems():\n    print(k)\n';
    const evalue = "'DataFrame' object has no attribute 'iteritems'";
    const withLine = await fixCells([source], GENERIC, {
      packages: TODAY_ENVIRONMENT.packages,
      errors: [cellError(0, 'AttributeError', evalue, 'for k, v in df.iteritems():')],
    });
    expect(cellSource(withLine, 0)).toBe(
      'import pandas as pd\nfor k, v in df.items():\n    print(k)\nfor k, v in other.iteritems():\n    print(k)\n',
    );
    const noLine = await fixCells([source], GENERIC, {
      packages: TODAY_ENVIRONMENT.packages,
      errors: [cellError(0, 'AttributeError', evalue)],
    });
    expect(cellSource(noLine, 0)).toBe(source);
  });

  it('credits a removal without a named replacement only to a rule that rewrites its uses away', async () => {
    const ix = await coverRow(row({ kind: 'removed', old: 'pandas.DataFrame.ix', new: null, version: '1.0.0' }));
    expect(ix.outcome).toBe('hand-written');
    expect(ix.ruleIds).toContain('pandas.ix-indexer');
    // a removal no rule knows stays out of scope with its reason
    const panel = await coverRow(row({ kind: 'removed', old: 'pandas.NoSuchPanel', new: null, version: '1.0.0' }));
    expect(panel).toMatchObject({ outcome: 'out-of-scope', reason: 'removed without a named replacement' });
  });

  it('counts a member rename of the real table as handled by the generic repair after running the engine', async () => {
    const covered = await coverRow(row({ old: 'pandas.DataFrame.iteritems', new: 'pandas.DataFrame.items' }));
    expect(covered).toMatchObject({ outcome: 'generic', ruleIds: ['api-table.renamed-member'] });
  });
});
