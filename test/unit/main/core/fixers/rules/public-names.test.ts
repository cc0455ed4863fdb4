// The runtime's answer on where a name is public (public-names.ts): which names a run asks about, which packages a
// notebook imports, the answer cached, and the rules fixer passing it to python.missing-import (a fake runtime here;
// python-missing-import-today.test.ts asks today's interpreter).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedCase } from '../../../../../../shared/models/case';
import type { ExecutionReport } from '../../../../../../shared/models/execution';
import type { Verdict } from '../../../../../../shared/models/loop';
import { bareCase } from '../../../../../../main/core/case/case-loader';
import type { FixContext } from '../../../../../../main/core/fixers/fixer';
import {
  askPublicNames,
  importedPackages,
  parsePublicNames,
  undefinedNames,
  type PublicNames,
} from '../../../../../../main/core/fixers/rules/public-names';
import { RulesFixer } from '../../../../../../main/core/fixers/rules/rules-fixer';
import { cellError, environment, notebookOf } from './helpers';

const ANSWER: PublicNames = {
  packages: ['sklearn'],
  incomplete: [],
  names: { neighbors: [{ module: 'sklearn', object: '1', listed: true, submodule: true }] },
};

/** A runtime that answers every question with `answer` and counts the questions. */
function fakeRuntime(answer: string) {
  const calls: string[][] = [];
  return {
    calls,
    runPython: (_script: string, args: string[]) => {
      calls.push(args);
      return Promise.resolve(`some module printed this\n${answer}\n`);
    },
  };
}

function context(sources: string[], errors: ExecutionReport['errors'], runtime?: FixContext['runtime']): FixContext {
  const kase: ResolvedCase = { ...bareCase('/cases/hidden/notebook.ipynb', null), id: 'hidden', title: 'hidden' };
  const verdict: Verdict = {
    reproducible: false,
    errorFree: false,
    problem: 'error',
    reason: 'error',
    score: null,
    target: null,
    relativeDeviation: null,
    pValue: null,
    method: 'tolerance',
  };
  const notebook = notebookOf(...sources);
  return {
    notebook,
    original: notebook,
    case: kase,
    problem: 'error',
    report: {
      status: 'error',
      wallTimeMs: 1000,
      timeoutMs: 600_000,
      errors,
      cells: [],
      filesWritten: [],
      scores: [],
      score: null,
      scoreNote: null,
      message: null,
    },
    verdict,
    environment: environment(),
    history: [],
    exclude: new Set(),
    ...(runtime ? { runtime } : {}),
  };
}

describe('public names', () => {
  it("reads the undefined names of a run's NameErrors, and nothing else", () => {
    expect(
      undefinedNames([
        cellError(1, 'NameError', "name 'neighbors' is not defined"),
        cellError(2, 'NameError', "name 'neighbors' is not defined"),
        cellError(3, 'NameError', "free variable 'x' referenced before assignment in enclosing scope"),
        cellError(4, 'AttributeError', "module 'numpy' has no attribute 'float'"),
      ]),
    ).toEqual(['neighbors']);
  });

  it('lists the third-party packages a notebook imports (not the standard library, not relative imports)', async () => {
    const notebook = notebookOf(
      'import os, sys\nimport numpy as np\nfrom sklearn.model_selection import train_test_split',
      'from . import helpers\nimport matplotlib.pyplot as plt\nfrom collections import Counter',
    );
    expect(await importedPackages(notebook)).toEqual(['matplotlib', 'numpy', 'sklearn']);
  });

  it("parses the program's last line, and gives null for anything else", () => {
    expect(parsePublicNames(JSON.stringify(ANSWER))).toEqual(ANSWER);
    expect(parsePublicNames('Traceback (most recent call last):')).toBeNull();
    expect(parsePublicNames('{"packages": 3}')).toBeNull();
  });

  it('asks once per interpreter, package versions, packages and names', async () => {
    const runtime = fakeRuntime(JSON.stringify(ANSWER));
    const env = { ...environment(), pythonPath: '/opt/py-cache-test/bin/python' };
    expect(await askPublicNames(runtime, env, ['sklearn'], ['neighbors'], '/tmp')).toEqual(ANSWER);
    expect(await askPublicNames(runtime, env, ['sklearn', 'sklearn'], ['neighbors'], '/tmp')).toEqual(ANSWER);
    expect(runtime.calls).toHaveLength(1);
    expect(runtime.calls[0]?.slice(0, 2)).toEqual(['["sklearn"]', '["neighbors"]']);
    const newer = { ...env, packages: { ...env.packages, 'scikit-learn': '1.9.0' } };
    await askPublicNames(runtime, newer, ['sklearn'], ['neighbors'], '/tmp');
    expect(runtime.calls).toHaveLength(2);
  });

  it('a program that fails is no answer', async () => {
    const failing = { runPython: () => Promise.reject(new Error('ModuleNotFoundError')) };
    const env = { ...environment(), pythonPath: '/opt/py-failing-test/bin/python' };
    expect(await askPublicNames(failing, env, ['sklearn'], ['neighbors'], '/tmp')).toBeNull();
    const throwing = {
      runPython: (): Promise<string> => {
        throw new TypeError('runPython is not a function');
      },
    };
    const other = { ...env, pythonPath: '/opt/py-throwing-test/bin/python' };
    expect(await askPublicNames(throwing, other, ['sklearn'], ['neighbors'], '/tmp')).toBeNull();
  });
});

describe('RulesFixer with a runtime to ask', () => {
  const sources = [
    'from sklearn.model_selection import train_test_split',
    'knn = neighbors.KNeighborsClassifier(n_neighbors=3)',
  ];
  const errors = [cellError(1, 'NameError', "name 'neighbors' is not defined")];

  it('imports the submodule the runtime names, in the cell that failed', async () => {
    const runtime = fakeRuntime(JSON.stringify(ANSWER));
    const fix = await new RulesFixer().propose(context(sources, errors, runtime));
    expect(fix?.ruleIds).toEqual(['python.missing-import']);
    expect(fix?.edits).toEqual([
      { cellIndex: 1, source: 'from sklearn import neighbors\nknn = neighbors.KNeighborsClassifier(n_neighbors=3)' },
    ]);
    expect(runtime.calls[0]?.slice(0, 2)).toEqual(['["sklearn"]', '["neighbors"]']);
  });

  it('asks only about names no cell binds, and nothing in a notebook with a star import', async () => {
    const downstream = [
      'import pandas as pd\nfrom sklearn.naive_bayes import MultinomialNB',
      'count_vector = CountVectorizer()\ntraining_data = count_vector.fit_transform(docs)',
      'model = MultinomialNB().fit(training_data, labels)',
    ];
    const cascade = [
      cellError(1, 'NameError', "name 'CountVectorizer' is not defined"),
      cellError(2, 'NameError', "name 'training_data' is not defined"),
      cellError(2, 'NameError', "name 'np' is not defined"),
    ];
    const runtime = fakeRuntime(JSON.stringify({ packages: ['pandas', 'sklearn'], incomplete: [], names: {} }));
    const env = { ...environment(), pythonPath: '/opt/py-downstream-test/bin/python' };
    await new RulesFixer().propose({ ...context(downstream, cascade, runtime), environment: env });
    expect(runtime.calls.map((args) => args.slice(0, 2))).toEqual([['["pandas","sklearn"]', '["CountVectorizer"]']]);
    const star = fakeRuntime(JSON.stringify(ANSWER));
    await new RulesFixer().propose(context(['from pylab import *', ...sources], errors, star));
    expect(star.calls).toEqual([]);
  });

  it('asks from an empty folder of its own, removed after the answer', async () => {
    const seen: { cwd: string; entries: string[] }[] = [];
    const runtime = {
      runPython: (_script: string, _args: string[], options: { cwd: string }) => {
        seen.push({ cwd: options.cwd, entries: fs.readdirSync(options.cwd) });
        return Promise.resolve(JSON.stringify(ANSWER));
      },
    };
    const kase = context(sources, errors, runtime);
    kase.environment = { ...kase.environment, pythonPath: '/opt/py-cwd-test/bin/python' };
    expect((await new RulesFixer().propose(kase))?.ruleIds).toEqual(['python.missing-import']);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.entries).toEqual([]);
    expect(path.basename(seen[0]?.cwd ?? '')).toMatch(/^nbrevive-public-names-/);
    expect(fs.existsSync(seen[0]?.cwd ?? '')).toBe(false);
  });

  it('without a runtime to ask (or with its answer empty), leaves the name alone', async () => {
    expect(await new RulesFixer().propose(context(sources, errors))).toBeNull();
    const empty = fakeRuntime(JSON.stringify({ packages: ['sklearn'], incomplete: [], names: {} }));
    const other = context(sources, errors, empty);
    other.environment = { ...other.environment, pythonPath: '/opt/py-empty-test/bin/python' };
    expect(await new RulesFixer().propose(other)).toBeNull();
  });
});
