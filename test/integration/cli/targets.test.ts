// `nbrevive targets` and `nbrevive case init` on a notebook of ours: the candidates as JSON, a manifest written
// beside the notebook that `nbrevive run` then judges by (its score read back equals the author's), and the
// refusals a user can meet (an existing manifest, a candidate number past the list, a --target other than auto).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/corpus';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/notebooks/iris-fidelity.ipynb');

describe('nbrevive targets / case init', () => {
  const dir = tempDir();
  const db = path.join(dir, 'db.sqlite');
  const notebook = path.join(dir, 'iris.ipynb');
  fs.copyFileSync(FIXTURE, notebook);
  fs.mkdirSync(path.join(dir, 'input'));

  it('lists the candidates as JSON', async () => {
    const result = await runCli(['targets', notebook, '--json'], { db });
    expect(result.code, result.stderr).toBe(0);
    const out = jsonOf<{
      candidates: { rank: number; cellIndex: number; value: number; pattern: string; higherIsBetter: boolean }[];
    }>(result);
    expect(out.candidates[0]).toMatchObject({ rank: 1, cellIndex: 4, value: 0.9333, higherIsBetter: true });
  });

  it('writes a manifest that run judges by, and refuses to overwrite it', async () => {
    const init = await runCli(['case', 'init', notebook], { db });
    expect(init.code, init.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'nbrevive.case.json'), 'utf8'));
    expect(manifest).toMatchObject({
      id: 'iris',
      notebook: 'iris.ipynb',
      data: { dir: 'input' },
      score: { kind: 'output', cellIndex: 4 },
      target: { value: 0.9333 },
    });
    const run = await runCli(['run', dir, '--json'], { db });
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({ score: 0.9333, target: 0.9333, verdict: { reproducible: true } });
    const again = await runCli(['case', 'init', notebook], { db });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists; add --force');
    const pick = await runCli(['case', 'init', notebook, '--force', '--pick', '7'], { db });
    expect(pick.code).toBe(2);
    expect(pick.stderr).toContain('--pick 7: the notebook has 1 candidate target(s)');
  }, 120_000);

  it('accepts only --target auto', async () => {
    const result = await runCli(['run', notebook, '--target', 'best'], { db });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--target accepts only 'auto'");
  });
});
