// Python 3.12–3.14 standard-library removals (catalog/python/) and old call protocols (catalog/sklearn/):
// the rewrite, what must be left alone (shadowing, ambiguous calls, older Pythons), and a few run in today's stack.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cellError, cellSource, fix, fixCells } from '../helpers';
import { describeToday } from '../../../../../../helpers/python';

const PY314 = { python: '3.14.0' };

describe('python.removed-stdlib-3-12', () => {
  const rule = ['python.removed-stdlib-3-12'];
  it('locale.format, SafeConfigParser, typing.io, pipes.quote', async () => {
    expect(await fix("import locale\ns = locale.format('%d', n, grouping=True)\n", rule, PY314)).toBe(
      "import locale\ns = locale.format_string('%d', n, grouping=True)\n",
    );
    expect(await fix('from configparser import SafeConfigParser\np = SafeConfigParser()\n', rule, PY314)).toBe(
      'from configparser import ConfigParser as SafeConfigParser\np = SafeConfigParser()\n',
    );
    expect(await fix('from typing.io import TextIO\n', rule, PY314)).toBe('from typing import TextIO\n');
    expect(await fix('from pipes import quote\n', rule, PY314)).toBe('from shlex import quote\n');
  });
  it('import imp used only for reload → importlib under the same name; other imp uses are left alone', async () => {
    expect(await fix('import imp\nimp.reload(helpers)\n', rule, PY314)).toBe(
      'import importlib as imp\nimp.reload(helpers)\n',
    );
    const loadSource = "import imp\nm = imp.load_source('m', 'm.py')\n";
    expect(await fix(loadSource, rule, PY314)).toBe(loadSource);
  });
  it('not before the Python that removed them, and not a format of the notebook', async () => {
    const source = "import locale\ns = locale.format('%d', n)\n";
    expect(await fix(source, rule, { python: '3.11.2' })).toBe(source);
    const own = 'def format(x):\n    return x\ns = format(3)\n';
    expect(await fix(own, rule, PY314)).toBe(own);
  });
});

describe('python.distutils-version, python.unittest-aliases, python.random-sample-set', () => {
  it('LooseVersion → packaging Version under the same name', async () => {
    expect(
      await fix(
        'from distutils.version import LooseVersion\nok = LooseVersion(v) >= LooseVersion("0.18")\n',
        ['python.distutils-version'],
        PY314,
      ),
    ).toBe('from packaging.version import Version as LooseVersion\nok = LooseVersion(v) >= LooseVersion("0.18")\n');
  });
  it('unittest aliases, not a method of the same name the notebook defines, not without unittest', async () => {
    const source =
      'import unittest\nclass T(unittest.TestCase):\n    def test(self):\n        self.assertEquals(1, 1)\n        self.failUnless(True)\n';
    expect(await fix(source, ['python.unittest-aliases'], PY314)).toBe(
      source.replace('assertEquals', 'assertEqual').replace('failUnless', 'assertTrue'),
    );
    const own =
      'import unittest\nclass H:\n    def assertEquals(self, a, b):\n        return a == b\nH().assertEquals(1, 2)\n';
    expect(await fix(own, ['python.unittest-aliases'], PY314)).toBe(own);
    expect(await fix('checker.assertEquals(1, 1)\n', ['python.unittest-aliases'], PY314)).toBe(
      'checker.assertEquals(1, 1)\n',
    );
  });
  it('random.sample(set) gets the tuple() sample() used to make itself', async () => {
    const errors = [
      cellError(
        0,
        'TypeError',
        'Population must be a sequence.  For dicts or sets, use sorted(d).',
        'picked = random.sample(words, 3)',
      ),
    ];
    expect(
      await fix(
        'import random\npicked = random.sample(words, 3)\nother = random.sample(xs, 2)\n',
        ['python.random-sample-set'],
        { errors },
      ),
    ).toBe('import random\npicked = random.sample(tuple(words), 3)\nother = random.sample(xs, 2)\n');
  });
});

describe('sklearn.estimator-transform-selection', () => {
  const rule = ['sklearn.estimator-transform-selection'];
  it("a fitted forest's transform → SelectFromModel(prefit=True), with the threshold passed on", async () => {
    const result = await fixCells(
      [
        'from sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier(n_estimators=50)\nrf.fit(X, y)\n',
        'X_sel = rf.transform(X)\nX_half = rf.transform(X_test, "median")\n',
      ],
      rule,
    );
    expect(cellSource(result, 1)).toBe(
      'from sklearn.feature_selection import SelectFromModel\nX_sel = SelectFromModel(rf, prefit=True).transform(X)\nX_half = SelectFromModel(rf, threshold="median", prefit=True).transform(X_test)\n',
    );
  });
  it('leaves transformers, reassigned names and unknown objects alone', async () => {
    const cells = [
      'from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.preprocessing import StandardScaler\nrf = RandomForestClassifier()\nsc = StandardScaler()\n',
      'rf = make_pipeline()\nA = rf.transform(X)\nB = sc.transform(X)\nC = pca.transform(X)\n',
    ];
    const result = await fixCells(cells, rule);
    expect(result.edits).toEqual([]);
  });
});

describe('sklearn.one-dimensional-x', () => {
  const rule = ['sklearn.one-dimensional-x'];
  const error = (line: string) => [
    cellError(
      0,
      'ValueError',
      'Expected 2D array, got 1D array instead:\narray=[1. 2.].\nReshape your data either using array.reshape(-1, 1) …',
      line,
    ),
  ];
  it("df['col'] → df[['col']]; fit(x, y) → np.reshape(x, (-1, 1))", async () => {
    expect(
      await fix("model.fit(df['area'], df['price'])\n", rule, { errors: error("model.fit(df['area'], df['price'])") }),
    ).toBe("model.fit(df[['area']], df['price'])\n");
    expect(await fix('import numpy as np\nlr.fit(x, y)\n', rule, { errors: error('lr.fit(x, y)') })).toBe(
      'import numpy as np\nlr.fit(np.reshape(x, (-1, 1)), y)\n',
    );
  });
  it('predict(x) alone was one sample before 0.19 (np.atleast_2d): np.reshape(x, (1, -1)); other lines untouched', async () => {
    const source = 'import numpy as np\np = lr.predict(x)\nlr.fit(a, b)\n';
    expect(await fix(source, rule, { errors: error('p = lr.predict(x)') })).toBe(
      'import numpy as np\np = lr.predict(np.reshape(x, (1, -1)))\nlr.fit(a, b)\n',
    );
  });
});

describeToday("stdlib and protocol rewrites run in today's stack", (python) => {
  const run = (source: string): string =>
    execFileSync(python, ['-c', source], { encoding: 'utf8', timeout: 120_000 }).trim();

  it('locale.format_string, ConfigParser, Version and random.sample(tuple(set)) give the old results', async () => {
    const source = [
      'import locale, random',
      'from configparser import SafeConfigParser',
      'from distutils.version import LooseVersion',
      'p = SafeConfigParser()',
      "p.read_string('[a]\\nx = 1\\n')",
      'random.seed(0)',
      's = set(range(20))',
      'picked = random.sample(s, 3)',
      "print(locale.format('%d', 1234), p.get('a', 'x'), LooseVersion('0.20.1') > LooseVersion('0.9'), picked)",
      '',
    ].join('\n');
    let fixed = await fix(source, 'all', { python: '3.14.0' });
    fixed = await fix(fixed, ['python.random-sample-set'], {
      errors: [cellError(0, 'TypeError', 'Population must be a sequence.', 'picked = random.sample(s, 3)')],
    });
    // Python 3.10 printed: 1234 1 True [12, 13, 1] (sample of tuple(set(range(20))) with seed 0)
    const expected = run('import random\nrandom.seed(0)\nprint(random.sample(tuple(set(range(20))), 3))');
    expect(run(fixed)).toBe(`1234 1 True ${expected}`);
  });

  it("LooseVersion(v) < '0.18' (Python Machine Learning, 1st ed.): the literal is a Version too, and answers as before", async () => {
    const source = [
      'from distutils.version import LooseVersion as Version',
      "print(Version('0.20.1') < '0.18', Version('1.9.0') >= '0.18', '0.9' < Version('0.18.1'))",
      '',
    ].join('\n');
    // Python 3.11 printed: False True True
    expect(run(await fix(source, 'all', { python: '3.14.0' }))).toBe('False True True');
  });

  it('SelectFromModel(prefit=True) keeps the features the old forest.transform kept (mean importance)', async () => {
    const source = [
      'import numpy as np',
      'from sklearn.datasets import make_classification',
      'from sklearn.ensemble import RandomForestClassifier',
      'X, y = make_classification(n_samples=200, n_features=8, n_informative=3, random_state=0)',
      'rf = RandomForestClassifier(n_estimators=20, random_state=0)',
      'rf.fit(X, y)',
      'X_new = rf.transform(X)',
      'keep = rf.feature_importances_ >= rf.feature_importances_.mean()',
      'print(X_new.shape[1] == keep.sum(), np.allclose(X_new, X[:, keep]))',
      '',
    ].join('\n');
    const fixed = await fix(source, ['sklearn.estimator-transform-selection'], {
      packages: { 'scikit-learn': '1.9.0' },
    });
    expect(fixed).toContain('SelectFromModel(rf, prefit=True).transform(X)');
    expect(run(fixed)).toBe('True True');
  });

  it('a 2015 learning_curve(est, X, y, sizes) runs with those training sizes', async () => {
    const source = [
      'import numpy as np',
      'from sklearn.datasets import make_classification',
      'from sklearn.linear_model import LogisticRegression',
      'from sklearn.learning_curve import learning_curve',
      'X, y = make_classification(n_samples=200, random_state=0)',
      'sizes, train, test = learning_curve(LogisticRegression(), X, y, np.array([0.25, 0.5, 1.0]), 4)',
      'print(sizes.tolist())',
      '',
    ].join('\n');
    const fixed = await fix(source, 'all', {
      created: '2015-10',
      packages: { 'scikit-learn': '1.9.0' },
      python: '3.14.0',
    });
    expect(fixed).toContain('train_sizes=np.array([0.25, 0.5, 1.0]), cv=4');
    expect(run(fixed)).toBe('[37, 75, 150]');
  });
});
