// The table-driven keyword-argument repair (catalog/api-kwargs.ts) on real snippets: pure renames from the table,
// the documented equivalents, shadowing and code that must be left alone; in today's stack the old call fails
// with the error the rule reads and the repaired one runs.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ApiChangeTable } from '../../../../../../main/core/fixers/api-changes/table';
import { coverRow } from '../../../../../../main/core/fixers/api-changes/coverage';
import { resolveKeyword, unexpectedKeyword } from '../../../../../../main/core/fixers/rules/catalog/api-kwargs';
import { describeToday } from '../../../../../helpers/python';
import { cellError, cellSource, environment, fix, fixCells } from '../rules/helpers';
import { fixToday, rowMaker, TODAY_PACKAGES as TODAY } from './helpers';

const RULE = ['api-table.keyword-rename'];
const OHE = cellError(0, 'TypeError', "OneHotEncoder.__init__() got an unexpected keyword argument 'sparse'");
const SGD = cellError(0, 'TypeError', "SGDClassifier.__init__() got an unexpected keyword argument 'n_iter'");
const TO_CSV = cellError(
  0,
  'TypeError',
  "NDFrame.to_csv() got an unexpected keyword argument 'line_terminator'. Did you mean 'lineterminator'?",
);

const row = rowMaker({ library: 'scikit-learn', version: '1.0', kind: 'signature-changed' });

describe('unexpectedKeyword', () => {
  it('reads functions, constructors, methods and scikit-learn estimator parameters', () => {
    expect(
      unexpectedKeyword({ ename: 'TypeError', evalue: "read_csv() got an unexpected keyword argument 'foo'" }),
    ).toEqual({ keyword: 'foo', callee: 'read_csv', method: false, estimatorParameter: false });
    expect(unexpectedKeyword(OHE)).toMatchObject({ keyword: 'sparse', callee: 'OneHotEncoder', method: false });
    expect(unexpectedKeyword(TO_CSV)).toMatchObject({
      keyword: 'line_terminator',
      callee: 'NDFrame.to_csv',
      method: true,
    });
    expect(
      unexpectedKeyword({
        ename: 'ValueError',
        evalue: "Invalid parameter 'n_iter' for estimator SGDClassifier(). Valid parameters are: ['alpha']",
      }),
    ).toMatchObject({ keyword: 'n_iter', callee: 'SGDClassifier', estimatorParameter: true });
    expect(
      unexpectedKeyword({ ename: 'TypeError', evalue: "unsupported operand type(s) for +: 'int' and 'str'" }),
    ).toBeNull();
  });
});

describe('api-table.keyword-rename', () => {
  it("OneHotEncoder's sparse → sparse_output (documented equivalent), only in the failing call", async () => {
    const source =
      'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False, handle_unknown="ignore")\nother = dict(sparse=False)\n';
    expect(await fixToday(source, RULE, OHE)).toBe(
      'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse_output=False, handle_unknown="ignore")\nother = dict(sparse=False)\n',
    );
  });

  it("SGD's n_iter=N is max_iter=N, tol=None (0.19's own mapping), through a module alias", async () => {
    const source = 'import sklearn.linear_model as lm\nclf = lm.SGDClassifier(loss="hinge", n_iter=5)\n';
    expect(await fixToday(source, RULE, SGD)).toBe(
      'import sklearn.linear_model as lm\nclf = lm.SGDClassifier(loss="hinge", max_iter=5, tol=None)\n',
    );
  });

  it('keeps a tol the notebook sets itself', async () => {
    const source = 'from sklearn.linear_model import SGDClassifier\nclf = SGDClassifier(n_iter=5, tol=1e-3)\n';
    expect(await fixToday(source, RULE, SGD)).toBe(
      'from sklearn.linear_model import SGDClassifier\nclf = SGDClassifier(max_iter=5, tol=1e-3)\n',
    );
  });

  it("a method's renamed keyword from the table, found through the error's Class.method", async () => {
    const source = "import pandas as pd\ndf = pd.DataFrame({'a': [1]})\ndf.to_csv('out.csv', line_terminator='\\n')\n";
    expect(await fixToday(source, RULE, TO_CSV)).toBe(
      "import pandas as pd\ndf = pd.DataFrame({'a': [1]})\ndf.to_csv('out.csv', lineterminator='\\n')\n",
    );
  });

  it("renames a parameter grid's key on scikit-learn's Invalid parameter (a pure rename, one step)", async () => {
    const table = new ApiChangeTable([
      row({
        old: 'sklearn.preprocessing.OneHotEncoder(sparse)',
        new: 'sklearn.preprocessing.OneHotEncoder(sparse_output)',
      }),
    ]);
    expect(
      resolveKeyword(
        { keyword: 'sparse', callee: 'OneHotEncoder', method: false, estimatorParameter: true },
        null,
        environment(TODAY),
        table,
      ).status,
    ).toBe('resolved');
    const source = "grid = {'enc__sparse': [True, False]}\nsearch = GridSearchCV(pipe, grid)\nsearch.fit(X, y)\n";
    const out = await fixToday(
      source,
      RULE,
      cellError(
        0,
        'ValueError',
        "Invalid parameter 'sparse' for estimator OneHotEncoder(). Valid parameters are: ['categories']",
      ),
    );
    expect(out).toBe(
      "grid = {'enc__sparse_output': [True, False]}\nsearch = GridSearchCV(pipe, grid)\nsearch.fit(X, y)\n",
    );
  });

  it('leaves the code alone when the user defines a function of that name (shadowing)', async () => {
    const source =
      'from sklearn.preprocessing import OneHotEncoder\ndef OneHotEncoder(sparse=True):\n    return sparse\nenc = OneHotEncoder(sparse=False)\n';
    expect(await fixToday(source, RULE, OHE)).toBe(source);
  });

  it('leaves a callee alone that the imports do not explain', async () => {
    const source = 'enc = make_encoder().OneHotEncoder(sparse=False)\nenc2 = OneHotEncoder(sparse=False)\n';
    expect(await fixToday(source, RULE, OHE)).toBe(source);
  });

  it('does not apply a "use X instead" row whose meaning may differ (MiniBatchDictionaryLearning\'s n_iter)', async () => {
    const source =
      'from sklearn.decomposition import MiniBatchDictionaryLearning\nd = MiniBatchDictionaryLearning(n_components=5, n_iter=100)\n';
    const error = cellError(
      0,
      'TypeError',
      "MiniBatchDictionaryLearning.__init__() got an unexpected keyword argument 'n_iter'",
    );
    expect(await fixToday(source, RULE, error)).toBe(source);
  });

  it('refuses when the table gives two different renames for one keyword (ambiguous)', () => {
    const table = new ApiChangeTable([
      row({ old: 'sklearn.foo.f(a)', new: 'sklearn.foo.f(b)' }),
      row({ old: 'sklearn.foo.f(a)', new: 'sklearn.foo.f(c)', version: '1.1' }),
    ]);
    const found = unexpectedKeyword({ ename: 'TypeError', evalue: "f() got an unexpected keyword argument 'a'" })!;
    expect(resolveKeyword(found, 'sklearn.foo.f', environment(TODAY), table)).toEqual({
      status: 'ambiguous',
      candidates: ['b', 'c'],
    });
  });

  it('is gated by the installed version', async () => {
    const source = 'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\n';
    expect(await fix(source, RULE, { packages: { ...TODAY, 'scikit-learn': '1.2.1' }, errors: [OHE] })).toBe(source);
  });

  it('changes nothing in other cells, and nothing without the error', async () => {
    const result = await fixCells(
      [
        'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\n',
        'enc2 = OneHotEncoder(sparse=False)\n',
      ],
      RULE,
      { packages: TODAY, errors: [OHE] },
    );
    expect(cellSource(result, 1)).toBe('enc2 = OneHotEncoder(sparse=False)\n');
    const source = 'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\n';
    expect(await fixToday(source, RULE)).toBe(source);
  });

  it('counts a pure keyword rename of the table as handled by the generic repair', async () => {
    const covered = await coverRow(
      row({
        library: 'pandas',
        old: 'pandas.core.generic.NDFrame.to_csv(line_terminator)',
        new: 'pandas.core.generic.NDFrame.to_csv(lineterminator)',
        version: '1.5.0',
      }),
    );
    expect(covered.outcome).toBe('generic');
    expect(covered.ruleIds).toEqual(RULE);
  });
});

describeToday("repaired keyword calls run in today's stack", (python) => {
  const run = (code: string): string =>
    execFileSync(python, ['-c', code], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

  it('OneHotEncoder(sparse=False): fails today, the repaired call gives the dense matrix', async () => {
    const source =
      'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\nprint(enc.fit_transform([["a"], ["b"]]).tolist())\n';
    expect(() => run(source)).toThrow(/OneHotEncoder\.__init__\(\) got an unexpected keyword argument 'sparse'/);
    const fixed = await fixToday(source, RULE, OHE);
    expect(run(fixed)).toBe('[[1.0, 0.0], [0.0, 1.0]]');
  });

  it('SGDClassifier(n_iter=5): the repaired call runs exactly 5 epochs, as the old one did', async () => {
    const source =
      'import numpy as np\nfrom sklearn.linear_model import SGDClassifier\nX = np.array([[0.0], [1.0], [2.0], [3.0]]); y = [0, 0, 1, 1]\nclf = SGDClassifier(n_iter=5, random_state=0).fit(X, y)\nprint(clf.n_iter_)\n';
    expect(() => run(source)).toThrow(/unexpected keyword argument 'n_iter'/);
    const fixed = await fixToday(source, RULE, SGD);
    expect(fixed).toContain('SGDClassifier(max_iter=5, tol=None, random_state=0)');
    expect(run(`import warnings; warnings.simplefilter('ignore')\n${fixed}`)).toBe('5');
  });

  it("DataFrame.to_csv(line_terminator=…): the table's rename runs", async () => {
    const source =
      "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2]})\nprint(repr(df.to_csv(index=False, line_terminator=';')))\n";
    expect(() => run(source)).toThrow(/NDFrame\.to_csv\(\) got an unexpected keyword argument 'line_terminator'/);
    const fixed = await fixToday(source, RULE, TO_CSV);
    expect(run(fixed)).toBe("'a;1;2;'");
  });
});
