// The table-driven generic repair (catalog/api-table.ts), the table loader and the computed coverage, on real
// snippets; the repaired snippets are executed in today's stack where it is present.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_LIBRARIES, ApiChangeTable, apiChangeTable } from '../../../../../../main/core/fixers/api-changes/table';
import { computeCoverage, coverRow } from '../../../../../../main/core/fixers/api-changes/coverage';
import { snippetFor } from '../../../../../../main/core/fixers/api-changes/snippets';
import {
  messageReplacement,
  missingName,
  resolveMissing,
} from '../../../../../../main/core/fixers/rules/catalog/api-table';
import { describeToday } from '../../../../../helpers/python';
import { cellError, environment, fixCells, cellSource } from '../rules/helpers';
import { fixToday, rowMaker, TODAY_PACKAGES as TODAY } from './helpers';

const RULE = ['api-table.moved-name'];
const NUMPY2 = '`np.float_` was removed in the NumPy 2.0 release. Use `np.float64` instead.';

const row = rowMaker({ library: 'scikit-learn', version: '0.20', kind: 'renamed' });

describe('api-table.moved-name', () => {
  it("reads numpy 2's own message and rewrites the attribute", async () => {
    const source = 'import numpy as np\nx = np.float_(3)\n';
    const out = await fixToday(source, RULE, cellError(0, 'AttributeError', NUMPY2, 'x = np.float_(3)'));
    expect(out).toBe('import numpy as np\nx = np.float64(3)\n');
  });

  it('rewrites an import to where the table says the name lives now, keeping the old local name', async () => {
    const source = 'from sklearn.metrics import calinski_harabaz_score\nscore = calinski_harabaz_score(X, labels)\n';
    const out = await fixToday(
      source,
      RULE,
      cellError(
        0,
        'ImportError',
        "cannot import name 'calinski_harabaz_score' from 'sklearn.metrics' (/usr/lib/python3/dist-packages/sklearn/metrics/__init__.py)",
      ),
    );
    expect(out).toBe(
      'from sklearn.metrics import calinski_harabasz_score as calinski_harabaz_score\nscore = calinski_harabaz_score(X, labels)\n',
    );
  });

  it('leaves the code alone when the user rebinds the module alias (shadowing)', async () => {
    const result = await fixCells(['import numpy as np\n', 'np = MyArrays()\nx = np.float_(3)\n'], RULE, {
      packages: TODAY,
      errors: [cellError(1, 'AttributeError', NUMPY2, 'x = np.float_(3)')],
    });
    expect(result.edits).toEqual([]);
    expect(cellSource(result, 1)).toBe('np = MyArrays()\nx = np.float_(3)\n');
  });

  it('leaves the code alone when the user defines the replacement name', async () => {
    const source =
      'from sklearn.metrics import calinski_harabaz_score\ndef calinski_harabasz_score(a, b):\n    return 0\n';
    const out = await fixToday(
      source,
      RULE,
      cellError(0, 'ImportError', "cannot import name 'calinski_harabaz_score' from 'sklearn.metrics'"),
    );
    expect(out).toBe(source);
  });

  it('refuses when the table gives two different replacements', () => {
    const table = new ApiChangeTable([
      row({ old: 'sklearn.foo.Bar', new: 'sklearn.one.Bar', kind: 'moved' }),
      row({ old: 'sklearn.foo.Bar', new: 'sklearn.two.Bar', kind: 'moved' }),
    ]);
    const missing = missingName({ ename: 'ImportError', evalue: "cannot import name 'Bar' from 'sklearn.foo'" });
    expect(missing).not.toBeNull();
    expect(resolveMissing(missing!, environment(TODAY), table)).toEqual({
      status: 'ambiguous',
      old: 'sklearn.foo.Bar',
      candidates: ['sklearn.one.Bar', 'sklearn.two.Bar'],
    });
  });

  it('is gated by the installed version: a change the environment does not have yet is not applied', () => {
    const table = new ApiChangeTable([
      row({ old: 'sklearn.foo.Bar', new: 'sklearn.one.Bar', kind: 'moved', version: '2.5' }),
    ]);
    const missing = missingName({ ename: 'ImportError', evalue: "cannot import name 'Bar' from 'sklearn.foo'" })!;
    expect(resolveMissing(missing, environment(TODAY), table).status).toBe('unknown');
  });

  it('does nothing for code the error does not point at', async () => {
    const source = 'import numpy as np\nx = np.float64(3)\n';
    expect(await fixToday(source, RULE, cellError(0, 'NameError', "name 'foo' is not defined"))).toBe(source);
  });
});

describe('the extracted table', () => {
  it('has rows for every library, each with a link to its changelog line', () => {
    const table = apiChangeTable();
    for (const library of API_LIBRARIES) {
      expect(table.rows.filter((r) => r.library === library).length, library).toBeGreaterThan(0);
    }
    const graphical = table
      .rowsFor('sklearn.covariance.GraphLassoCV')
      .find((r) => r.new === 'sklearn.covariance.GraphicalLassoCV');
    expect(graphical?.link).toMatch(
      /^https:\/\/github\.com\/scikit-learn\/scikit-learn\/blob\/[\w.]+\/doc\/whats_new\/v0\.20\.rst#L\d+$/,
    );
  });
});

describe('computed coverage', () => {
  it('counts a renamed name as handled by the generic repair after running the engine on its snippet', async () => {
    expect(
      await coverRow(
        row({ old: 'sklearn.covariance.GraphLassoCV', new: 'sklearn.covariance.GraphicalLassoCV', pure: true }),
      ),
    ).toMatchObject({ outcome: 'generic', ruleIds: ['api-table.moved-name'] });
  });

  it('counts a name that a hand-written rule repairs as hand-written', async () => {
    const covered = await coverRow(
      row({ library: 'numpy', old: 'numpy.product', new: 'numpy.prod', version: '2.0.0' }),
    );
    expect(covered.outcome).toBe('hand-written');
    expect(covered.ruleIds).toContain('numpy.2-removed-aliases');
  });

  it('credits a removed method called with an argument to the hand-written rule that rewrites it away', async () => {
    // Series.clip_lower(v) → clip(lower=v): the table names no replacement, the rule pandas.removed-methods does
    expect(
      await coverRow(
        row({ library: 'pandas', kind: 'removed', old: 'pandas.Series.clip_lower', new: null, version: '1.0.0' }),
      ),
    ).toMatchObject({ outcome: 'hand-written', ruleIds: ['pandas.removed-methods'] });
  });

  it('reports a removal without a replacement out of scope, and a replacement nobody knows as not handled', async () => {
    expect((await coverRow(row({ kind: 'removed', old: 'sklearn.datasets.fetch_mldata', new: null }))).outcome).toBe(
      'out-of-scope',
    );
    // a row that exists only in this test: no rule and no table row knows it, so the engine changes nothing
    const unknown = await coverRow(
      row({ old: 'sklearn.nowhere.Thing', new: 'sklearn.somewhere.Thing', kind: 'moved', version: '99.0' }),
    );
    expect(unknown.outcome).toBe('not-handled');
  });

  it("gives a library's handled share of all its rows and of the rows in scope", async () => {
    const table = new ApiChangeTable([
      row({ old: 'sklearn.covariance.GraphLassoCV', new: 'sklearn.covariance.GraphicalLassoCV', pure: true }),
      row({ kind: 'removed', old: 'sklearn.datasets.fetch_mldata', new: null }),
      row({ old: 'sklearn.nowhere.Thing', new: 'sklearn.somewhere.Thing', kind: 'moved', version: '99.0' }),
    ]);
    const { libraries } = await computeCoverage(table, ['scikit-learn']);
    expect(libraries[0]?.names).toEqual({ total: 3, handwritten: 0, generic: 1, notHandled: 1, outOfScope: 1 });
    expect(libraries[0]?.handled).toBeCloseTo(1 / 3);
    expect(libraries[0]?.handledInScope).toBeCloseTo(1 / 2);
  });
});

describeToday('repaired snippets run', (python) => {
  it('the generic repair of a numpy 2 removal runs in numpy 2', async () => {
    const snippet = snippetFor(
      row({
        library: 'numpy',
        old: 'numpy.float_',
        new: 'numpy.float64',
        origin: 'source',
        note: 'AttributeError message: Use `np.float64` instead.',
        version: '2.0.0',
      }),
    );
    if ('outOfScope' in snippet) throw new Error('expected a snippet');
    // the old snippet fails in today's numpy with the message the rule reads
    expect(() => execFileSync(python, ['-c', snippet.source], { stdio: 'pipe' })).toThrow(
      /was removed in the NumPy 2\.0 release/,
    );
    const fixed = await fixToday(snippet.source, RULE, snippet.error);
    expect(execFileSync(python, ['-c', `${fixed}print(value(2.5))`], { encoding: 'utf8' }).trim()).toBe('2.5');
  });
});

describe('the replacement a library message names', () => {
  it('is read from a plain substitute only', () => {
    expect(messageReplacement('Use `np.float64` instead.')).toBe('numpy.float64');
    expect(messageReplacement('It was renamed to `pandas.errors.ParserError`.')).toBe('pandas.errors.ParserError');
    // numpy 2's own messages for members whose replacement behaves differently
    expect(messageReplacement('Use `np.genfromtxt` with comma delimiter instead.')).toBeNull();
    expect(
      messageReplacement('Emit `DeprecationWarning` with `warnings.warn` directly, or use `typing.deprecated`.'),
    ).toBeNull();
    expect(messageReplacement('Use `np.sum` or `np.nansum` instead.')).toBeNull();
  });
});
