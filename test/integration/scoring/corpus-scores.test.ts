// Every corpus case with an `output` score spec: read from the ORIGINAL notebook's saved outputs (what the author
// ran), the score cell named by the manifest prints the manifest's target, and the judge calls that reproducible.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { scoreExecution } from '../../../main/core/scoring/score';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { judge, markPreExisting } from '../../../shared/lib/judge';
import { CaseManifestSchema } from '../../../shared/models/case';
import { describeCorpus } from '../../helpers/corpus';
import { TEST_PYTHON } from '../../helpers/python';

describeCorpus('output scores of the corpus notebooks as their authors saved them', (corpusDir) => {
  const cases = fs
    .readdirSync(corpusDir)
    .filter((d) => fs.existsSync(path.join(corpusDir, d, 'nbrevive.case.json')))
    .sort();

  it('finds the corpus cases', () => {
    expect(cases).toContain('titanic-dss-startupsci');
  });

  it.each(cases)('%s', async (id) => {
    const root = path.join(corpusDir, id);
    const manifest = CaseManifestSchema.parse(
      JSON.parse(fs.readFileSync(path.join(root, 'nbrevive.case.json'), 'utf8')),
    );
    if (manifest.score.kind !== 'output' || !manifest.target) {
      console.warn(`[nbrevive tests] ${id}: score kind ${manifest.score.kind}, not an output score: nothing to read`);
      return;
    }
    const notebookPath = path.join(root, manifest.notebook);
    const original = parseNotebook(fs.readFileSync(notebookPath, 'utf8'), { source: notebookPath });
    // the saved outputs stand in for an execution (the executed version is the original itself)
    const reading = await scoreExecution({
      spec: manifest.score,
      case: { root },
      executed: original,
      original,
      workingDir: root,
      runtime: new LocalRuntime({ python: TEST_PYTHON }),
    });
    expect(reading.note).toBeNull();
    expect(
      Math.abs((reading.score as number) - manifest.target.value) / Math.abs(manifest.target.value),
    ).toBeLessThanOrEqual(1e-9);
    const verdict = judge({
      report: {
        status: 'ok',
        errors: [],
        scores: [reading.score],
        score: reading.score,
        scoreNote: null,
        timeoutMs: 600_000,
        message: null,
      },
      target: manifest.target,
      scoreSpecKind: 'output',
    });
    expect(verdict).toMatchObject({ reproducible: true, errorFree: true, problem: null, method: 'tolerance' });

    // the authors' saved outputs show no errors: the error today's environment raises first is not pre-existing
    const first = manifest.expected?.firstError;
    if (first) {
      const cellId = original.cells[first.cellIndex]?.id ?? null;
      const error = {
        cellIndex: first.cellIndex,
        cellId,
        ename: first.ename,
        evalue: first.evalue ?? '',
        traceback: [],
        line: null,
        preExisting: false,
      };
      expect(markPreExisting([error], original)[0]?.preExisting).toBe(false);
      // while the same error name saved in that cell would have been
      const withSaved = structuredClone(original);
      withSaved.cells[first.cellIndex]?.outputs?.push({
        output_type: 'error',
        ename: first.ename,
        evalue: '',
        traceback: [],
      });
      expect(markPreExisting([error], withSaved)[0]?.preExisting).toBe(true);
    }
  });
});
