// Output fidelity end to end: `nbrevive run --json` executes a small notebook (ours, saved with its outputs by
// a real kernel) with real Python, unchanged — every comparable output is reproduced, the unseeded random cell
// is detected and left out — and with a hyperparameter changed, which is caught as drift in the cells that
// depend on it and nowhere else. `--target auto` finds the accuracy it prints.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/corpus';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/notebooks/iris-fidelity.ipynb');

interface RunJson {
  status: string;
  score: number | null;
  target: number | null;
  autoTarget: { chosen: { cellIndex: number; value: number; metric: string } | null; note: string } | null;
  fidelity: {
    score: number | null;
    comparable: number;
    reproduced: number;
    cells: { cellIndex: number; verdict: string; reason: string; maxRelativeChange: number | null }[];
  } | null;
}

describe('output fidelity of a real run', () => {
  const dir = tempDir();
  const db = path.join(dir, 'db.sqlite');

  it('an unchanged notebook reproduces its outputs; its unseeded random cell is not comparable', async () => {
    const result = await runCli(['run', FIXTURE, '--json', '--target', 'auto'], { db });
    expect(result.code, result.stderr).toBe(0);
    const out = jsonOf<RunJson>(result);
    expect(out.status).toBe('ok');
    expect(out.autoTarget?.chosen).toMatchObject({ cellIndex: 4, value: 0.9333, metric: 'accuracy' });
    expect(out.target).toBe(0.9333);
    expect(out.score).toBe(0.9333);
    const verdicts = Object.fromEntries(out.fidelity!.cells.map((c) => [c.cellIndex, c.verdict]));
    // shapes (2), DataFrame (3), accuracy (4), coefficient (5), plot (6), np.random.rand (7)
    expect(verdicts).toEqual({ 2: 'same', 3: 'same', 4: 'same', 5: 'same', 6: 'same', 7: 'not-comparable' });
    expect(out.fidelity!.cells.find((c) => c.cellIndex === 7)!.reason).toMatch(/random without a seed/);
    expect(out.fidelity).toMatchObject({ score: 1, comparable: 5, reproduced: 5 });
  }, 120_000);

  it('a changed hyperparameter shows as drift in the cells it changes', async () => {
    const nb = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
    const cell = nb.cells[4];
    const source = (cell.source as string[]).join('');
    expect(source).toContain('C=1.0');
    cell.source = source.replace('C=1.0', 'C=0.01');
    const changed = path.join(dir, 'changed.ipynb');
    fs.writeFileSync(changed, JSON.stringify(nb));
    const result = await runCli(['run', changed, '--json'], { db });
    expect(result.code, result.stderr).toBe(0);
    const out = jsonOf<RunJson>(result);
    const byCell = new Map(out.fidelity!.cells.map((c) => [c.cellIndex, c]));
    expect(byCell.get(4)!.verdict).toBe('numbers-drifted');
    expect(byCell.get(4)!.maxRelativeChange).toBeGreaterThan(0.01);
    expect(byCell.get(5)!.verdict).toBe('numbers-drifted');
    for (const i of [2, 3, 6]) expect(byCell.get(i)!.verdict).toBe('same');
    expect(out.fidelity!.score).toBeCloseTo(3 / 5, 10);
  }, 120_000);
});
