// Today's stack (numpy 2.4, IPython 9, no watermark/ipywidgets installed), through the real command, kernel and
// database: a score numpy 2 prints as np.float64(…) is read as the author's number; numpy's legacy printing switch,
// inserted by numpy.legacy-scalar-printing, makes the kernel print scalars as the author's numpy did; decorative
// extensions and widget imports whose packages are missing are commented out and the notebook runs.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bareCase } from '../../../main/core/case/case-loader';
import { applyRules } from '../../../main/core/fixers/rules/rules-engine';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { cellTextOutputs } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { describeToday } from '../../helpers/python';

function notebookOf(sources: string[]): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' } },
    cells: sources.map((source, i) => ({
      cell_type: 'code' as const,
      id: `c${i}`,
      metadata: {},
      execution_count: null,
      outputs: [],
      source,
    })),
  };
}

/** A case folder: the notebook and its manifest. */
function writeCase(dir: string, id: string, sources: string[], manifest: Record<string, unknown>): string {
  const root = path.join(dir, id);
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'notebook.ipynb'), JSON.stringify(notebookOf(sources), null, 1));
  fs.writeFileSync(
    path.join(root, 'nbrevive.case.json'),
    JSON.stringify({ id, title: id, notebook: 'notebook.ipynb', created: '2017-05-02', ...manifest }, null, 1),
  );
  return root;
}

const IRIS = [
  'import numpy as np\nfrom sklearn.datasets import load_iris\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn.model_selection import cross_val_score\n',
  'X, y = load_iris(return_X_y=True)\nscores = cross_val_score(LogisticRegression(max_iter=1000), X, y, cv=5)\nscores.mean()\n',
];

describeToday('numpy 2 scalars and environment-only lines', (python) => {
  it("reads a score numpy 2 shows as np.float64(…) with the pattern written against the author's output", async () => {
    const dir = tempDir();
    // the author's notebook showed `0.9733333333333334`; numpy 2 shows `np.float64(0.9733333333333334)`
    const root = writeCase(dir, 'iris-cv', IRIS, {
      score: { kind: 'output', cellIndex: 1, pattern: String.raw`^(\d\.\d+)$`, occurrence: 'last' },
      target: { value: 0.9733, higherIsBetter: true },
    });
    const r = await runCli(['run', root, '--json', '--python', python], { db: path.join(dir, 'db.sqlite') });
    expect(r.code, r.stderr).toBe(0);
    const out = jsonOf<{ score: number | null; scoreNote: string | null; verdict: { reproducible: boolean } }>(r);
    expect(out.scoreNote).toBeNull();
    expect(out.score).toBeCloseTo(0.97333, 4);
    expect(out.verdict.reproducible).toBe(true);
  }, 180_000);

  it("inserts numpy's legacy printing switch, after which the kernel prints scalars as numpy 1 did", async () => {
    const runtime = new LocalRuntime({ python });
    const env = await runtime.describe();
    expect(Number(env.packages.numpy?.split('.')[0])).toBeGreaterThanOrEqual(2);
    const dir = tempDir();
    const notebook = notebookOf([
      'import pandas as pd\nimport numpy as np\n',
      'print([np.float64(0.7728), np.int64(3)], {"cv": np.float32(0.5)})\nnp.mean([1, 2])\n',
    ]);
    const run = async (nb: Notebook, name: string) => {
      const { executed } = await runtime.execute({
        notebook: nb,
        case: bareCase(path.join(dir, 'x.ipynb'), null),
        timeoutMs: 120_000,
        jobDir: path.join(dir, name),
      });
      return cellTextOutputs(executed!.cells[1]!);
    };
    expect(await run(notebook, 'before')).toBe(
      "[np.float64(0.7728), np.int64(3)] {'cv': np.float32(0.5)}\nnp.float64(1.5)",
    );
    const fixed = await applyRules(notebook, 'all', env, { kinds: ['score-calibration'], created: '2017-05-02' });
    expect(fixed.ruleIds).toContain('numpy.legacy-scalar-printing');
    expect(fixed.edits.map((e) => e.cellIndex)).toEqual([0]);
    expect(await run(fixed.notebook, 'after')).toBe("[0.7728, 3] {'cv': 0.5}\n1.5");
  }, 180_000);

  it('comments out watermark and widget lines whose packages are missing, and the notebook runs', async () => {
    const dir = tempDir();
    const root = writeCase(
      dir,
      'decorated',
      [
        '%load_ext watermark\n%watermark -v -p numpy\n',
        'import numpy as np\nfrom ipywidgets import interact\n\n@interact(n=(1, 5))\ndef square(n=2):\n    return n * n\n\nprint("result:", square(3))\n',
      ],
      {
        score: { kind: 'output', cellIndex: 1, pattern: String.raw`^result: (\d+)$`, occurrence: 'last' },
        target: { value: 9, higherIsBetter: true },
      },
    );
    const r = await runCli(['modernize', root, '--json', '--python', python], { db: path.join(dir, 'db.sqlite') });
    expect(r.code, r.stderr).toBe(0);
    const s = jsonOf<{
      outcome: string;
      iterations: number;
      fixes: { type: string; ruleIds: string[] }[];
      unresolved: unknown[];
    }>(r);
    expect(s.outcome).toBe('reproducible');
    expect(s.iterations).toBe(2);
    expect(s.fixes).toMatchObject([
      { type: 'environment', ruleIds: ['environment.decorative-extension', 'environment.widget-imports'] },
    ]);
    expect(s.unresolved).toEqual([]);
  }, 240_000);

  it("brings back the author's scalar printing with the repair of a notebook that fails, and the export shows it", async () => {
    const dir = tempDir();
    const root = writeCase(
      dir,
      'float-alias',
      ['import numpy as np\nx = np.arange(4, dtype=np.float)\n', 'np.mean([1, 2])\n'],
      {
        score: { kind: 'output', cellIndex: 1, pattern: String.raw`^(\d\.\d+)$`, occurrence: 'last' },
        target: { value: 1.5, higherIsBetter: true },
      },
    );
    // the author's saved output: numpy 1 showed the mean without its type
    const file = path.join(root, 'notebook.ipynb');
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Notebook;
    saved.cells[1]!.outputs = [
      { output_type: 'execute_result', execution_count: 2, metadata: {}, data: { 'text/plain': '1.5' } },
    ];
    fs.writeFileSync(file, JSON.stringify(saved, null, 1));
    const out = path.join(dir, 'fixed.ipynb');
    const r = await runCli(['modernize', root, '--json', '--python', python, '--out', out], {
      db: path.join(dir, 'db.sqlite'),
    });
    expect(r.code, r.stderr).toBe(0);
    const s = jsonOf<{ outcome: string; fixes: { ruleIds: string[] }[] }>(r);
    expect(s.outcome).toBe('reproducible');
    expect(s.fixes.map((f) => f.ruleIds)).toEqual([['numpy.builtin-type-aliases', 'numpy.legacy-scalar-printing']]);
    const fixed = JSON.parse(fs.readFileSync(out, 'utf8')) as Notebook;
    expect(cellTextOutputs(fixed.cells[1]!)).toBe('1.5');
  }, 240_000);
});
