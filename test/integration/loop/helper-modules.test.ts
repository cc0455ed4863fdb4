// Helper modules beside a notebook, through the real `nbrevive` command, a real kernel and a real database: a case
// whose data.files place a course's helper package gets the package's executed copy modernized by the rules (a
// pattern rule before the first run; an import of a removed name, seen inside the module by the first run, deferred
// in a re-run of the same version), while the case's own files keep the author's code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { codeOnlyNotebookJson } from '../../helpers/notebooks';
import { TEST_PYTHON } from '../../helpers/python';

const TOOLS = 'import numpy as np\n\ndef as_float(values):\n    return np.array(values, dtype=np.float)\n';
const DATASETS =
  'from sklearn.datasets import load_boston, make_moons\n\ndef moons(n):\n    X, y = make_moons(n, random_state=0)\n    return X, y\n';

function writeCase(dir: string): string {
  const input = path.join(dir, 'input', 'course');
  fs.mkdirSync(input, { recursive: true });
  fs.writeFileSync(path.join(input, '__init__.py'), 'from . import tools, datasets\n');
  fs.writeFileSync(path.join(input, 'tools.py'), TOOLS);
  fs.writeFileSync(path.join(input, 'datasets.py'), DATASETS);
  const sources = [
    'import course\n',
    'X, y = course.datasets.moons(40)\nprint(course.tools.as_float([1, 2]).dtype, X.shape)\n',
    'print(round(float(X[:, 0].mean()), 4))\n',
  ];
  fs.writeFileSync(path.join(dir, 'notebook.ipynb'), codeOnlyNotebookJson(sources));
  const files = Object.fromEntries(
    ['__init__.py', 'tools.py', 'datasets.py'].map((f) => [`course/${f}`, `input/course/${f}`]),
  );
  fs.writeFileSync(
    path.join(dir, 'nbrevive.case.json'),
    JSON.stringify({
      id: 'helper-modules',
      title: 'helper modules',
      notebook: 'notebook.ipynb',
      created: '2016-10',
      data: { dir: 'input', files },
      score: { kind: 'none' },
    }),
  );
  return dir;
}

interface Summary {
  outcome: string;
  stopReason: string;
  iterations: number;
  fixes: unknown[];
  errorsAfter: unknown[];
  jobId: string;
}

describe('helper modules beside the notebook', () => {
  it('are modernized for the run by the rules, and the case keeps its files', async () => {
    const dir = writeCase(tempDir('nbrevive-helper-modules-'));
    const db = path.join(dir, 'db.sqlite');
    const r = await runCli(['modernize', dir, '--json', '--python', TEST_PYTHON], { db });
    expect(r.code, r.stderr).toBe(0);
    const s = jsonOf<Summary>(r);
    expect(s.errorsAfter).toEqual([]);
    expect(s.outcome).toBe('reproducible');
    // the re-run for the module's own error is part of the one iteration, not a fix
    expect(s.iterations).toBe(1);
    // no cell was edited: the modules were, for the run
    expect(s.fixes).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'input', 'course', 'tools.py'), 'utf8')).toBe(TOOLS);
    expect(fs.readFileSync(path.join(dir, 'input', 'course', 'datasets.py'), 'utf8')).toBe(DATASETS);
  }, 300_000);
});
