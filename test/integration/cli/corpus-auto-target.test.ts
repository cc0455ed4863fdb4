// `nbrevive corpus run --target auto` on a corpus of ours: a case whose manifest has no score takes the best
// target its saved outputs show and is judged by it; a case with its own target keeps it; the case table and
// --json's `targets` say where each case's target came from.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/corpus';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/notebooks/iris-fidelity.ipynb');

interface CorpusJson {
  rows: { caseId: string; target: number | null; score: number | null; outcome: string | null }[];
  targets: { caseId: string; source: string; detail: string | null; note: string | null }[];
}

function writeCase(root: string, id: string, manifest: Record<string, unknown>): void {
  const dir = path.join(root, id);
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(FIXTURE, path.join(dir, 'iris.ipynb'));
  fs.writeFileSync(path.join(dir, 'nbrevive.case.json'), JSON.stringify({ id, notebook: 'iris.ipynb', ...manifest }));
}

describe('nbrevive corpus run --target auto', () => {
  const dir = tempDir();
  const db = path.join(dir, 'db.sqlite');
  const corpus = path.join(dir, 'corpus');
  writeCase(corpus, 'no-target', { score: { kind: 'none' } });
  // its own target: the printed accuracy read as a different value, so auto must not replace it
  writeCase(corpus, 'own-target', {
    score: { kind: 'output', cellIndex: 4, pattern: 'Accuracy: ([0-9.]+)' },
    target: { value: 0.9, higherIsBetter: true },
  });

  it('uses the best discovered target for cases without one, and says so', async () => {
    const r = await runCli(['corpus', 'run', corpus, '--target', 'auto', '--max-iterations', '1', '--json'], { db });
    expect(r.code, r.stderr).toBe(0);
    const out = jsonOf<CorpusJson>(r);
    const row = (id: string) => out.rows.find((x) => x.caseId === id);
    const source = (id: string) => out.targets.find((x) => x.caseId === id);
    expect(source('no-target')).toMatchObject({ source: 'auto', detail: 'accuracy 0.9333 (cell 4)' });
    expect(source('no-target')?.note).toContain('target chosen by --target auto');
    // judged by the chosen target: the run read the same accuracy back
    expect(row('no-target')).toMatchObject({ target: 0.9333, score: 0.9333 });
    expect(source('own-target')).toMatchObject({ source: 'case', detail: null });
    expect(row('own-target')?.target).toBe(0.9);
  }, 300_000);

  it('prints the target source in the case table', async () => {
    const r = await runCli(['corpus', 'run', corpus, '--target', 'auto', '--max-iterations', '1'], { db });
    expect(r.code, r.stderr).toBe(0);
    const header = r.stdout.split('\n').find((l) => l.startsWith('case ') && l.includes('target from'));
    expect(header).toBeTruthy();
    expect(r.stdout).toMatch(/no-target .* auto: accuracy 0\.9333 \(cell 4\)/);
    expect(r.stdout).toMatch(/own-target .* case /);
  }, 300_000);

  it('refuses a --target other than auto', async () => {
    const r = await runCli(['corpus', 'run', corpus, '--target', 'best'], { db });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--target accepts only 'auto'");
  });
});
