// `nbrevive run` on real legacy notebooks: each case's first error (cell index and exception, as its manifest
// records it) and, for the control cases, a score within the tolerance of the author's. The slow cases run in
// `npm run bench:corpus`.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeCorpus } from '../../helpers/corpus';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';

/** Cases whose unmodified run takes under ~10 s in the reference environment. */
export const FAST_CASES = [
  'dat8-bikeshare-exercise',
  'house-comprehensive-eda',
  'house-regularized-linear-models',
  'mlcourse-topic7-pca-clustering',
  'srk-titanic-exploration',
  'titanic-dss-kaggle',
  'titanic-dss-startupsci',
];

interface RunJson {
  status: string;
  wallTimeMs: number;
  errors: { cellIndex: number; ename: string; evalue: string }[];
  score: number | null;
  target: number | null;
  verdict: { reproducible: boolean; reason: string };
  jobId: string;
}

describeCorpus('nbrevive run on corpus cases', (corpus) => {
  const db = path.join(tempDir(), 'db.sqlite');
  for (const id of FAST_CASES) {
    it(`${id}: first error and score as the manifest records`, async () => {
      const manifest = JSON.parse(fs.readFileSync(path.join(corpus, id, 'nbrevive.case.json'), 'utf8'));
      const result = await runCli(['run', path.join(corpus, id), '--json'], { db });
      expect(result.code, result.stderr).toBe(0);
      const out = jsonOf<RunJson>(result);
      expect(out.jobId).toMatch(/^j-/);
      expect(out.target).toBe(manifest.target.value);
      const expected = manifest.expected;
      if (expected.status === 'ok') {
        expect(out.status).toBe('ok');
        expect(out.errors).toEqual([]);
        // control case: the score is within τ of the author's
        expect(out.score).not.toBeNull();
        expect(Math.abs(out.score! - manifest.target.value)).toBeLessThanOrEqual(0.1 * Math.abs(manifest.target.value));
        expect(out.verdict.reproducible).toBe(true);
      } else {
        expect(out.status).toBe('error');
        const first = [...out.errors].sort((a, b) => a.cellIndex - b.cellIndex)[0];
        expect({ cellIndex: first?.cellIndex, ename: first?.ename }).toEqual({
          cellIndex: expected.firstError.cellIndex,
          ename: expected.firstError.ename,
        });
      }
    }, 600_000); // a loaded machine runs the slowest case (house-regularized-linear-models) past 300 s
  }
});
