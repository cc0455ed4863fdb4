// Helper modules beside a notebook (a case's data.files .py) get the same rules as its cells: pattern rules on
// every execution, error rules for the errors earlier runs raised inside the module; the case's files are never
// changed, and a module no rule changes (or a target outside the working dir) keeps its own path.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCase } from '../../../../../../shared/models/case';
import {
  DEFERRED_IMPORT,
  deferRemovedImports,
  modernizeHelperModules,
  recordHelperModuleErrors,
} from '../../../../../../main/core/fixers/rules/helper-modules';
import { describeToday } from '../../../../../helpers/python';
import { environment, TODAY_ENVIRONMENT } from './helpers';

const TODAY = environment(TODAY_ENVIRONMENT.packages, TODAY_ENVIRONMENT.python);

const OLD_MODULE = 'import numpy as np\n\ndef to_float(values):\n    return np.array(values, dtype=np.float)\n';
const PLAIN_MODULE = 'def twice(x):\n    return 2 * x\n';
const SCALAR_MODULE = "def show(a):\n    return 'score %.2f' % a\n";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function caseWith(modules: Record<string, string>, extra: Record<string, string> = {}): ResolvedCase {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-helper-modules-'));
  dirs.push(root);
  const files: Record<string, string> = { ...extra };
  for (const [target, text] of Object.entries(modules)) {
    const file = path.join(root, 'input', target);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    files[target] = file;
  }
  return {
    id: 'helpers',
    title: 'helpers',
    root,
    notebookPath: path.join(root, 'notebook.ipynb'),
    dataDir: null,
    files,
    dirs: [],
    urls: {},
    score: { kind: 'none' },
    target: null,
    created: '2016-10',
    competition: null,
    manifest: null,
  };
}

describe('modernizeHelperModules', () => {
  it("modernizes a module a pattern rule fixes, into the execution's folder, and leaves the case's file alone", async () => {
    const kase = caseWith({ 'mylib/convert.py': OLD_MODULE, 'mylib/plain.py': PLAIN_MODULE });
    const out = path.join(kase.root, 'run', '0');
    const { case: executed, modernized } = await modernizeHelperModules(kase, TODAY, out);
    expect(modernized).toEqual([{ target: 'mylib/convert.py', ruleIds: ['numpy.builtin-type-aliases'] }]);
    expect(executed.files['mylib/convert.py']).toBe(path.join(out, 'mylib/convert.py'));
    expect(fs.readFileSync(executed.files['mylib/convert.py'] as string, 'utf8')).toBe(
      'import numpy as np\n\ndef to_float(values):\n    return np.array(values, dtype=float)\n',
    );
    expect(executed.files['mylib/plain.py']).toBe(kase.files['mylib/plain.py']);
    expect(fs.readFileSync(kase.files['mylib/convert.py'] as string, 'utf8')).toBe(OLD_MODULE);
  });

  it('returns the same case when nothing changes, and ignores data files and absolute targets', async () => {
    const kase = caseWith({ 'plain.py': PLAIN_MODULE, 'train.csv': 'a,b\n' });
    const absolute = path.join(kase.root, 'input', 'abs.py');
    fs.writeFileSync(absolute, OLD_MODULE);
    kase.files['/opt/lib/abs.py'] = absolute;
    const result = await modernizeHelperModules(kase, TODAY, path.join(kase.root, 'run'));
    expect(result.case).toBe(kase);
    expect(result.modernized).toEqual([]);
  });

  it("applies an error rule to the module line a run's traceback points at, and keeps it in later runs", async () => {
    const kase = caseWith({ 'report/show.py': SCALAR_MODULE });
    const out = (i: number) => path.join(kase.root, 'run', String(i));
    expect((await modernizeHelperModules(kase, TODAY, out(0))).modernized).toEqual([]);
    const traceback = [
      'TypeError                                 Traceback (most recent call last)',
      'Cell In[3], line 1\n----> 1 show(m.intercept_)',
      `File /tmp/job/working/report/show.py:2, in show(a)\n      1 def show(a):\n----> 2     return 'score %.2f' % a`,
      'TypeError: only 0-dimensional arrays can be converted to Python scalars',
    ];
    recordHelperModuleErrors(kase, [
      {
        cellIndex: 3,
        cellId: null,
        ename: 'TypeError',
        evalue: 'only 0-dimensional arrays can be converted to Python scalars',
        traceback,
        line: 'show(m.intercept_)',
        preExisting: false,
      },
    ]);
    for (const i of [1, 2]) {
      const { case: executed, modernized } = await modernizeHelperModules(kase, TODAY, out(i));
      expect(modernized).toEqual([{ target: 'report/show.py', ruleIds: ['numpy.array-to-scalar'] }]);
      expect(fs.readFileSync(executed.files['report/show.py'] as string, 'utf8')).toBe(
        "import numpy as np\ndef show(a):\n    return 'score %.2f' % np.asarray(a).item()\n",
      );
    }
    // an error whose traceback never enters the module changes nothing there
    const other = caseWith({ 'report/show.py': SCALAR_MODULE });
    recordHelperModuleErrors(other, [
      {
        cellIndex: 1,
        cellId: null,
        ename: 'TypeError',
        evalue: 'only 0-dimensional arrays can be converted to Python scalars',
        traceback: ["Cell In[1], line 1\n----> 1 print('%.2f' % a)"],
        line: "print('%.2f' % a)",
        preExisting: false,
      },
    ]);
    expect((await modernizeHelperModules(other, TODAY, path.join(other.root, 'run'))).modernized).toEqual([]);
  });
});

describe('a missing diagram package a helper module imports', () => {
  const MODULE =
    'import numpy\nimport graphviz\nfrom sklearn.tree import export_graphviz\n\ndef plot_tree(clf):\n    return graphviz.Source(export_graphviz(clf))\n\ndef twice(x):\n    return 2 * x\n';
  const error = (traceback: string[]) => ({
    cellIndex: 5,
    cellId: null,
    ename: 'ModuleNotFoundError',
    evalue: "No module named 'graphviz'",
    traceback,
    line: 'from course_utils import twice',
    preExisting: false,
  });

  it('is guarded after an import of the module failed on it, so the other functions import', async () => {
    const kase = caseWith({ 'course_utils.py': MODULE });
    recordHelperModuleErrors(kase, [
      error([
        'Cell In[6], line 1\n----> 1 from course_utils import twice',
        'File /tmp/job/working/course_utils.py:2\n      1 import numpy\n----> 2 import graphviz',
        "ModuleNotFoundError: No module named 'graphviz'",
      ]),
    ]);
    const { case: executed, modernized } = await modernizeHelperModules(kase, TODAY, path.join(kase.root, 'run'));
    expect(modernized).toEqual([{ target: 'course_utils.py', ruleIds: ['environment.diagram-imports'] }]);
    expect(fs.readFileSync(executed.files['course_utils.py'] as string, 'utf8')).toBe(
      'import numpy\ntry:\n    import graphviz\nexcept ImportError:  # nbrevive: graphviz is not installed here; it only draws diagrams\n    graphviz = None\nfrom sklearn.tree import export_graphviz\n\ndef plot_tree(clf):\n    return graphviz.Source(export_graphviz(clf))\n\ndef twice(x):\n    return 2 * x\n',
    );
  });

  it('is left alone without an error inside the module (the package may be installed)', async () => {
    const kase = caseWith({ 'course_utils.py': MODULE });
    recordHelperModuleErrors(kase, [error(['Cell In[6], line 1\n----> 1 import graphviz'])]);
    expect((await modernizeHelperModules(kase, TODAY, path.join(kase.root, 'run'))).modernized).toEqual([]);
  });
});

describe('a removed name a helper module imports', () => {
  it('is deferred to its use: the other names and the module still import', async () => {
    const kase = caseWith({
      'course/datasets.py':
        'from sklearn.datasets import load_boston, make_moons\n\ndef moons():\n    return make_moons(5)\n',
    });
    recordHelperModuleErrors(kase, [
      {
        cellIndex: 0,
        cellId: null,
        ename: 'ImportError',
        evalue:
          "cannot import name 'load_boston' from 'sklearn.datasets' (/usr/lib/python3/dist-packages/sklearn/datasets/__init__.py)",
        traceback: [
          'Cell In[1], line 1\n----> 1 import course.datasets',
          'File /tmp/job/working/course/datasets.py:1\n----> 1 from sklearn.datasets import load_boston, make_moons',
        ],
        line: 'import course.datasets',
        preExisting: false,
      },
    ]);
    const { case: executed, modernized } = await modernizeHelperModules(kase, TODAY, path.join(kase.root, 'run'));
    expect(modernized).toEqual([{ target: 'course/datasets.py', ruleIds: [DEFERRED_IMPORT] }]);
    expect(fs.readFileSync(executed.files['course/datasets.py'] as string, 'utf8')).toBe(
      'from sklearn.datasets import make_moons\ntry:\n    from sklearn.datasets import load_boston\nexcept ImportError:  # nbrevive: sklearn.datasets has no load_boston any more; only code that uses it fails\n    pass\n\ndef moons():\n    return make_moons(5)\n',
    );
  });

  it('is left alone without the error', () => {
    const source = 'from sklearn.datasets import load_boston\n';
    expect(deferRemovedImports(source, [])).toEqual({ source, names: [] });
  });
});

describeToday("a modernized helper module imports and runs in today's stack", (python) => {
  it('np.float in the module fails as written and works modernized', async () => {
    const kase = caseWith({ 'mylib/__init__.py': '', 'mylib/convert.py': OLD_MODULE });
    const { case: executed } = await modernizeHelperModules(kase, TODAY, path.join(kase.root, 'run'));
    const runIn = (dir: string) => {
      try {
        return execFileSync(python, ['-c', 'from mylib.convert import to_float; print(to_float([1, 2]).dtype)'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 120_000,
        }).trim();
      } catch (error) {
        return String((error as { stderr?: string }).stderr);
      }
    };
    expect(runIn(path.join(kase.root, 'input'))).toMatch(/module 'numpy' has no attribute 'float'/);
    const modernizedDir = path.dirname(path.dirname(executed.files['mylib/convert.py'] as string));
    fs.writeFileSync(path.join(modernizedDir, 'mylib', '__init__.py'), '');
    expect(runIn(modernizedDir)).toBe('float64');
  });
});
