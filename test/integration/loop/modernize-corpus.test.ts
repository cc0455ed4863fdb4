// `nbrevive modernize --fixers rules` on real legacy notebooks of the team corpus, in today's stack (the reference
// users run: Python 3.14, numpy 2.4, scikit-learn 1.9) and in bookworm's 2023 stack: the rules alone make each
// one reproducible error-free with the author's score. Two fast cases whose erosion differs (Python 2 prints and
// sklearn.cross_validation; seaborn's removed `size=`), 2 iterations of a few seconds each per stack; the whole
// corpus (and the slower cases, e.g. mlcourse-topic7's t-SNE cell) runs in `npm run bench:corpus`.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeCorpus } from '../../helpers/corpus';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { describeStacks } from '../../helpers/python';

const CASES = ['srk-titanic-exploration', 'titanic-dss-kaggle'];

interface ModernizeJson {
  outcome: string;
  stopReason: string;
  iterations: number;
  score: number | null;
  target: number | null;
  fixes: { source: string; ruleIds: string[] }[];
  jobId: string;
}

describeCorpus('rules alone on corpus cases', (corpus) => {
  describeStacks('nbrevive modernize --fixers rules', (python) => {
    const db = path.join(tempDir(), 'db.sqlite');
    for (const id of CASES) {
      it(`${id}: reproducible error-free with the author's score`, async () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(corpus, id, 'nbrevive.case.json'), 'utf8')) as {
          target: { value: number };
        };
        const r = await runCli(['modernize', path.join(corpus, id), '--json', '--fixers', 'rules'], {
          db,
          env: { NBREVIVE_PYTHON: python },
        });
        expect(r.code, r.stderr).toBe(0);
        const summary = jsonOf<ModernizeJson>(r);
        expect(summary, JSON.stringify(summary)).toMatchObject({ outcome: 'reproducible', stopReason: 'reproducible' });
        // at least one repair was needed, and every one came from the rules
        expect(summary.fixes.length).toBeGreaterThanOrEqual(1);
        expect(summary.fixes.every((f) => f.source === 'rules' && f.ruleIds.length > 0)).toBe(true);
        expect(summary.target).toBe(manifest.target.value);
        expect(Math.abs(summary.score! - manifest.target.value)).toBeLessThanOrEqual(
          0.1 * Math.abs(manifest.target.value),
        );
      }, 300_000);
    }
  });
});
