// python.missing-import in today's stack: a notebook whose import cell its author deleted fails with NameError; the
// runtime's own answer (public-names.ts, asked of today's interpreter) names the one public module of the library the
// notebook imports from, and the snippet with that import prints what the author's kernel printed.
import { expect, it } from 'vitest';
import { runPythonScript } from '../../../../../../../main/core/runtime/local-runtime';
import { askPublicNames, type PublicNames } from '../../../../../../../main/core/fixers/rules/public-names';
import { canonicalSource } from '../../../../../../../main/core/fixers/rules/catalog/python/missing-import';
import { environment, fixAfterError, TODAY_ENVIRONMENT } from '../helpers';
import { describeToday } from '../../../../../../helpers/python';
import { snippetRunner, TODAY_TEST_TIMEOUT } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';
import os from 'node:os';

const RULE = 'python.missing-import';

describeToday('names a notebook uses but never imports', (python) => {
  const run = snippetRunner(python);
  const runtime = {
    runPython: (script: string, args: string[], options: { cwd: string; timeoutMs: number }) =>
      runPythonScript(python, script, args, options),
  };
  const env = { ...environment(TODAY_ENVIRONMENT.packages, TODAY_ENVIRONMENT.python), pythonPath: python };
  const ask = (packages: string[], names: string[]): Promise<PublicNames | null> =>
    askPublicNames(runtime, env, packages, names, os.tmpdir());

  it(
    "the runtime's answer: one public path per object, two objects of one name are no answer",
    { timeout: TODAY_TEST_TIMEOUT },
    async () => {
      const answer = await ask(
        ['numpy', 'scipy', 'sklearn'],
        ['neighbors', 'CountVectorizer', 'train_test_split', 'norm', 'nothing_of_that_name'],
      );
      expect(answer).not.toBeNull();
      const names = (answer as PublicNames).names;
      expect(answer?.incomplete).toEqual([]);
      expect(canonicalSource(names.neighbors ?? [])).toMatchObject({ module: 'sklearn', submodule: true });
      expect(canonicalSource(names.CountVectorizer ?? [])?.module).toBe('sklearn.feature_extraction.text');
      // re-exported by sklearn.utils.estimator_checks, listed by sklearn.model_selection
      expect((names.train_test_split ?? []).length).toBeGreaterThan(1);
      expect(canonicalSource(names.train_test_split ?? [])?.module).toBe('sklearn.model_selection');
      // scipy.stats.norm (a distribution), scipy.linalg.norm and numpy.linalg.norm (functions)
      expect(new Set((names.norm ?? []).map((s) => s.object)).size).toBeGreaterThan(1);
      expect(canonicalSource(names.norm ?? [])).toBeNull();
      expect(names.nothing_of_that_name).toBeUndefined();
    },
  );

  it(
    'neighbors and CountVectorizer, never imported: the import of their one public module',
    { timeout: TODAY_TEST_TIMEOUT },
    async () => {
      const before = py`
      from sklearn.datasets import load_iris
      from sklearn.naive_bayes import MultinomialNB
      X, y = load_iris(return_X_y=True)
      knn = neighbors.KNeighborsClassifier(n_neighbors=5).fit(X, y)
      docs = ['free prize now', 'meeting at noon', 'win a free prize', 'lunch at noon']
      cv = CountVectorizer()
      counts = cv.fit_transform(docs)
      nb = MultinomialNB().fit(counts, [1, 0, 1, 0])
      print(round(knn.score(X, y), 4), sorted(cv.vocabulary_)[:3], nb.predict(cv.transform(['free lunch'])).tolist())
    `;
      expect(run(before).out).toMatch(/NameError: name 'neighbors' is not defined/);
      const first = await fixAfterError(before, [RULE], ['NameError', "name 'neighbors' is not defined"], {
        publicNames: await ask(['sklearn'], ['neighbors']),
      });
      expect(first.split('\n')[0]).toBe('from sklearn import neighbors');
      // the next run stops at the next name the deleted cell imported
      expect(run(first).out).toMatch(/NameError: name 'CountVectorizer' is not defined/);
      const second = await fixAfterError(first, [RULE], ['NameError', "name 'CountVectorizer' is not defined"], {
        publicNames: await ask(['sklearn'], ['CountVectorizer']),
      });
      expect(second.split('\n')[0]).toBe('from sklearn.feature_extraction.text import CountVectorizer');
      expect(run(second)).toEqual({ ok: true, out: "0.9667 ['at', 'free', 'lunch'] [1]" });
    },
  );

  it(
    'np and pd of a Kaggle kernel without its import cell: both conventional imports at once',
    { timeout: TODAY_TEST_TIMEOUT },
    async () => {
      const before = py`
      x = np.arange(4) * 2
      s = pd.Series(x, index=list('abcd'))
      print(s.sum(), s.idxmax())
    `;
      expect(run(before).out).toMatch(/NameError: name 'np' is not defined/);
      const after = await fixAfterError(before, [RULE], ['NameError', "name 'np' is not defined"]);
      expect(after.split('\n').slice(0, 2)).toEqual(['import numpy as np', 'import pandas as pd']);
      expect(run(after)).toEqual({ ok: true, out: '12 d' });
      // Kaggle's template imported os in the same dropped cell
      const listing = py`
      print(sorted(os.listdir('.')) == sorted(os.listdir(os.getcwd())), os.path.basename('../input/train.csv'))
    `;
      expect(run(listing).out).toMatch(/NameError: name 'os' is not defined/);
      const withOs = await fixAfterError(listing, [RULE], ['NameError', "name 'os' is not defined"]);
      expect(withOs.split('\n')[0]).toBe('import os');
      expect(run(withOs)).toEqual({ ok: true, out: 'True train.csv' });
    },
  );

  it(
    'a name two libraries give as different objects is left alone (norm: scipy.stats or numpy.linalg)',
    { timeout: TODAY_TEST_TIMEOUT },
    async () => {
      const before = py`
      import numpy as np
      import scipy.stats
      print(norm.cdf(0))
    `;
      expect(run(before).out).toMatch(/NameError: name 'norm' is not defined/);
      const after = await fixAfterError(before, [RULE], ['NameError', "name 'norm' is not defined"], {
        publicNames: await ask(['numpy', 'scipy'], ['norm']),
      });
      expect(after).toBe(before);
    },
  );

  it(
    'a name the standard library has as another object is left alone (randint: random includes 6, numpy.random not)',
    { timeout: TODAY_TEST_TIMEOUT },
    async () => {
      // the deleted cell may have been `from random import randint` (rolls 1 to 6) as well as numpy.random's (1 to 5)
      const before = py`
      import numpy as np
      print(max(randint(1, 6) for _ in range(500)))
    `;
      expect(run(before).out).toMatch(/NameError: name 'randint' is not defined/);
      const answer = await ask(['numpy'], ['randint', 'pi']);
      const after = await fixAfterError(before, [RULE], ['NameError', "name 'randint' is not defined"], {
        publicNames: answer,
      });
      expect(after).toBe(before);
      expect(run(`from random import randint\n${before}`)).toEqual({ ok: true, out: '6' });
      expect(run(`from numpy.random import randint\n${before}`)).toEqual({ ok: true, out: '5' });
      // numpy.pi is math.pi's number: either import gives it
      const area = py`
      import numpy as np
      print(round(pi * 2.0 ** 2, 4))
    `;
      const fixed = await fixAfterError(area, [RULE], ['NameError', "name 'pi' is not defined"], {
        publicNames: answer,
      });
      expect(fixed.split('\n')[0]).toBe('from numpy import pi');
      expect(run(fixed)).toEqual({ ok: true, out: '12.5664' });
    },
  );
});
